package consumer

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/nats-io/nats.go/jetstream"

	"example.com/desk5/internal/db"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/pgstore"
)

// BreachAlert is published by the SLA engine when a ticket breaches.
type BreachAlert struct {
	WorkspaceID  int64  `json:"workspace_id"`
	TicketID     int64  `json:"ticket_id"`
	TicketNumber int64  `json:"ticket_number"`
	Priority     string `json:"priority"`
	OnCallPhone  string `json:"on_call_phone"`
	ManagerEmail string `json:"manager_email"`
	MinutesLate  int    `json:"minutes_late"`
}

// OnCallTexter texts the on-call agent about urgent breaches.
type OnCallTexter struct {
	SMS effects.SMSSender
	Log *slog.Logger
}

func (o *OnCallTexter) Handle(msg jetstream.Msg) {
	ctx := context.Background()
	var a BreachAlert
	if !decode(msg, &a, o.Log) {
		return
	}
	if a.Priority != "urgent" || a.OnCallPhone == "" {
		_ = msg.Ack()
		return
	}
	text := fmt.Sprintf("URGENT ticket #%d is %d min past its SLA", a.TicketNumber, a.MinutesLate)
	if _, err := o.SMS.SendSMS(ctx, a.OnCallPhone, text); err != nil {
		retryLater(msg, o.Log, err)
		return
	}
	_ = msg.Ack()
}

// ManagerDigest queues an e-mail to the team manager for every breach. The
// notification row is keyed by the message's Nats-Msg-Id, and the outbox
// worker delivers it.
type ManagerDigest struct {
	Store *pgstore.Store
	Log   *slog.Logger
}

func (d *ManagerDigest) Handle(msg jetstream.Msg) {
	ctx := context.Background()
	var a BreachAlert
	if !decode(msg, &a, d.Log) {
		return
	}
	if a.ManagerEmail == "" {
		_ = msg.Ack()
		return
	}
	_, err := d.Store.Q.InsertNotification(ctx, db.InsertNotificationParams{
		SourceMsgID: msg.Headers().Get(jetstream.MsgIDHeader),
		Channel:     "email",
		Recipient:   a.ManagerEmail,
		Body:        fmt.Sprintf("Ticket #%d breached its SLA by %d minutes", a.TicketNumber, a.MinutesLate),
	})
	if err != nil {
		retryLater(msg, d.Log, err)
		return
	}
	_ = msg.Ack()
}
