// Package eventlog consumes an order-events log through an interface of
// its own, which the log client implements elsewhere.
package eventlog

import (
	"context"
	"database/sql"
	"encoding/json"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"eventlog/logclient"
)

type sale struct {
	EventID     string `json:"event_id"`
	OrganizerID int64  `json:"organizer_id"`
	Cents       int64  `json:"cents"`
	TicketID    int64  `json:"ticket_id"`
	MessageID   string `json:"message_id"`
	Body        string `json:"body"`
}

type Ledger struct{ db *sql.DB }

const (
	creditOrganizer = `INSERT INTO organizer_balances (organizer_id, cents) VALUES ($1, $2)
		ON CONFLICT (organizer_id) DO UPDATE SET cents = organizer_balances.cents + EXCLUDED.cents`
	setOrganizer = `INSERT INTO organizer_balances (organizer_id, cents) VALUES ($1, $2)
		ON CONFLICT (organizer_id) DO UPDATE SET cents = EXCLUDED.cents`
)

// The upsert adds the sale to the stored balance on every conflict: a
// record delivered again after a rebalance credits twice.
func (l *Ledger) HandleSale(ctx context.Context, m logclient.Message) error {
	var ev sale
	if err := json.Unmarshal(m.Value(), &ev); err != nil {
		return m.Commit(ctx)
	}
	if _, err := l.db.ExecContext(ctx, creditOrganizer, ev.OrganizerID, ev.Cents); err != nil { // want `a relative update \(the new value computed from the old one\) runs again for every delivery of the message: Message acknowledges with Commit`
		return err
	}
	return m.Commit(ctx)
}

// Near miss: the upsert stores the balance the message carries.
func (l *Ledger) HandleBalance(ctx context.Context, m logclient.Message) error {
	var ev sale
	if err := json.Unmarshal(m.Value(), &ev); err != nil {
		return m.Commit(ctx)
	}
	if _, err := l.db.ExecContext(ctx, setOrganizer, ev.OrganizerID, ev.Cents); err != nil {
		return err
	}
	return m.Commit(ctx)
}

// Near miss: a Notice hands over nothing; a function taking one is no
// message handler.
func (l *Ledger) Tally(ctx context.Context, n logclient.Notice, organizerID, cents int64) error {
	if _, err := l.db.ExecContext(ctx, `UPDATE organizer_balances SET cents = cents + $2 WHERE organizer_id = $1`, organizerID, cents); err != nil {
		return err
	}
	return n.Commit(ctx)
}

// The provider's message id is stored, but no unique key holds it: a
// redelivery appends the reply again.
func (l *Ledger) AppendReply(ctx context.Context, m logclient.Message) error {
	var ev sale
	if err := json.Unmarshal(m.Value(), &ev); err != nil {
		return m.Commit(ctx)
	}
	if _, err := l.db.ExecContext(ctx, `INSERT INTO replies (ticket_id, provider_message_id, body) VALUES ($1, $2, $3)`, ev.TicketID, ev.MessageID, ev.Body); err != nil { // want `an insert whose key the database mints runs again for every delivery`
		return err
	}
	return m.Commit(ctx)
}

// Near miss: the same id is unique in receipts, and the second insert
// fails.
func (l *Ledger) StoreReceipt(ctx context.Context, m logclient.Message) error {
	var ev sale
	if err := json.Unmarshal(m.Value(), &ev); err != nil {
		return m.Commit(ctx)
	}
	if _, err := l.db.ExecContext(ctx, `INSERT INTO receipts (provider_message_id, body) VALUES ($1, $2)`, ev.MessageID, ev.Body); err != nil {
		return err
	}
	return m.Commit(ctx)
}

type UsageCounter struct {
	WorkspaceID int64
	Metric      string
	Quantity    int64
}

type usage struct {
	EventID     string `json:"event_id"`
	WorkspaceID int64  `json:"workspace_id"`
	Metric      string `json:"metric"`
	Quantity    int64  `json:"quantity"`
}

type UsageEvent struct {
	EventID string
}

type Meter struct{ db *gorm.DB }

// ensureCounter creates the counter row when it is missing.
func ensureCounter(db *gorm.DB, workspaceID int64, metric string) (*UsageCounter, error) {
	c := &UsageCounter{WorkspaceID: workspaceID, Metric: metric}
	err := db.Clauses(clause.OnConflict{DoNothing: true}).Create(c).Error
	return c, err
}

// The counter row is created when missing, then incremented: the create
// records no message, and a redelivery counts again.
func (u *Meter) Handle(ctx context.Context, m logclient.Message) error {
	var r usage
	if err := json.Unmarshal(m.Value(), &r); err != nil {
		return m.Commit(ctx)
	}
	c, err := ensureCounter(u.db, r.WorkspaceID, r.Metric)
	if err != nil {
		return err
	}
	if err := u.db.Model(&UsageCounter{}).Where("workspace_id = ? AND metric = ?", c.WorkspaceID, c.Metric).
		Update("quantity", gorm.Expr("quantity + ?", r.Quantity)).Error; err != nil { // want `a relative update \(the new value computed from the old one\) runs again for every delivery`
		return err
	}
	return m.Commit(ctx)
}

// Near miss: the event id is claimed first, and the increment runs only
// for a new one.
func (u *Meter) HandleOnce(ctx context.Context, m logclient.Message) error {
	var r usage
	if err := json.Unmarshal(m.Value(), &r); err != nil {
		return m.Commit(ctx)
	}
	err := u.db.Transaction(func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&UsageEvent{EventID: r.EventID})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		return tx.Model(&UsageCounter{}).Where("workspace_id = ? AND metric = ?", r.WorkspaceID, r.Metric).
			Update("quantity", gorm.Expr("quantity + ?", r.Quantity)).Error
	})
	if err != nil {
		return err
	}
	return m.Commit(ctx)
}
