package consumer

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"

	"github.com/nats-io/nats.go/jetstream"

	"example.com/desk5/internal/db"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/pgstore"
)

// InboundReply is published by the mail gateway for every reply that it
// matched to an existing ticket.
type InboundReply struct {
	WorkspaceID   int64  `json:"workspace_id"`
	TicketID      int64  `json:"ticket_id"`
	TicketNumber  int64  `json:"ticket_number"`
	AssigneeEmail string `json:"assignee_email"`
	From          string `json:"from"`
	Body          string `json:"body"`
	MessageID     string `json:"message_id"`
}

// ReplyAppender appends matched e-mail replies to their tickets and tells
// the assignee.
type ReplyAppender struct {
	Store  *pgstore.Store
	Mailer effects.Mailer
	Log    *slog.Logger
}

func (a *ReplyAppender) Handle(msg jetstream.Msg) {
	ctx := context.Background()
	var ev InboundReply
	if !decode(msg, &ev, a.Log) {
		return
	}
	// Ack early: appending can be slow when the ticket has many messages,
	// and we do not want the gateway's reply to be redelivered meanwhile.
	if err := msg.Ack(); err != nil {
		a.Log.Warn("ack failed", "err", err)
	}
	m, err := a.Store.Q.CreateTicketMessage(ctx, db.CreateTicketMessageParams{
		TicketID:          ev.TicketID,
		Direction:         "inbound",
		Body:              ev.Body,
		ProviderMessageID: ev.MessageID,
	})
	if err != nil {
		a.Log.Error("append reply", "ticket", ev.TicketID, "err", err)
		return
	}
	a.notifyAssignee(ctx, ev, m.ID)
}

func (a *ReplyAppender) notifyAssignee(ctx context.Context, ev InboundReply, messageID int64) {
	if ev.AssigneeEmail == "" {
		return
	}
	if _, err := a.Mailer.Send(ctx, effects.Email{
		To:       ev.AssigneeEmail,
		Subject:  fmt.Sprintf("[#%d] New reply from %s", ev.TicketNumber, ev.From),
		Template: "agent_new_reply",
		Data:     map[string]any{"ticket_id": ev.TicketID, "message_id": messageID},
	}); err != nil {
		a.Log.Warn("notify assignee", "err", err)
	}
}

// ChatTranscript is published by the live-chat widget when a chat ends.
type ChatTranscript struct {
	WorkspaceID   int64  `json:"workspace_id"`
	TicketID      int64  `json:"ticket_id"`
	TicketNumber  int64  `json:"ticket_number"`
	AssigneeEmail string `json:"assignee_email"`
	Visitor       string `json:"visitor"`
	Transcript    string `json:"transcript"`
}

// TranscriptAppender stores chat transcripts on their tickets. The message
// is recorded in the inbox table in the same transaction as the insert and
// acknowledged after commit.
type TranscriptAppender struct {
	Store  *pgstore.Store
	Mailer effects.Mailer
	Log    *slog.Logger
}

func (t *TranscriptAppender) Handle(msg jetstream.Msg) {
	ctx := context.Background()
	var ev ChatTranscript
	if !decode(msg, &ev, t.Log) {
		return
	}
	msgID := msg.Headers().Get(jetstream.MsgIDHeader)
	if msgID == "" {
		t.Log.Error("transcript without Nats-Msg-Id", "subject", msg.Subject())
		_ = msg.Term()
		return
	}
	var stored int64
	err := t.Store.WithTx(ctx, func(q *db.Queries) error {
		n, err := q.InsertInboxMessage(ctx, db.InsertInboxMessageParams{Consumer: "chat-transcripts", MessageID: msgID})
		if err != nil || n == 0 {
			return err
		}
		m, err := q.CreateTicketMessage(ctx, db.CreateTicketMessageParams{
			TicketID:  ev.TicketID,
			Direction: "inbound",
			Body:      ev.Transcript,
			AuthorID:  sql.NullInt64{},
		})
		if err != nil {
			return err
		}
		stored = m.ID
		return nil
	})
	if err != nil {
		retryLater(msg, t.Log, err)
		return
	}
	if err := msg.Ack(); err != nil {
		t.Log.Warn("ack failed", "err", err)
	}
	if stored != 0 && ev.AssigneeEmail != "" {
		_, _ = t.Mailer.Send(ctx, effects.Email{
			To:       ev.AssigneeEmail,
			Subject:  fmt.Sprintf("[#%d] Chat transcript from %s", ev.TicketNumber, ev.Visitor),
			Template: "agent_chat_transcript",
			Data:     map[string]any{"ticket_id": ev.TicketID, "message_id": stored},
		})
	}
}
