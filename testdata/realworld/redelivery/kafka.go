package redelivery

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/segmentio/kafka-go"
	"gorm.io/gorm"
)

// Notification is a row per user and event.
type Notification struct {
	ID      uint
	EventID string
	UserID  string
	Text    string
}

// Notifier fans payment events out to notifications.
type Notifier struct {
	db  *sql.DB
	gdb *gorm.DB
}

// Run inserts a notification per delivery, under a serial key.
func (n *Notifier) Run(ctx context.Context, r *kafka.Reader) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		_, err = n.db.ExecContext(ctx, `INSERT INTO notifications (user_id, text) VALUES ($1, $2)`, string(m.Key), "paid") // want:redelivery
		if err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// RunKeyed names the event id as the notification's key.
func (n *Notifier) RunKeyed(ctx context.Context, r *kafka.Reader) error {
	for {
		m, err := r.ReadMessage(ctx)
		if err != nil {
			return err
		}
		var e struct {
			EventID string `json:"event_id"`
			User    string `json:"user"`
		}
		if err := json.Unmarshal(m.Value, &e); err != nil {
			continue
		}
		if _, err := n.db.ExecContext(ctx, `INSERT INTO notifications (id, user_id, text) VALUES ($1, $2, $3)`, e.EventID, e.User, "paid"); err != nil {
			return err
		}
	}
}

// Create makes a new gorm record per delivery.
func (n *Notifier) Create(ctx context.Context, m kafka.Message) error {
	return n.gdb.WithContext(ctx).Create(&Notification{UserID: string(m.Key), Text: "paid"}).Error // want:redelivery
}

// CreateForEvent carries the event id in a unique column.
func (n *Notifier) CreateForEvent(ctx context.Context, m kafka.Message) error {
	var e struct {
		EventID string `json:"event_id"`
	}
	if err := json.Unmarshal(m.Value, &e); err != nil {
		return err
	}
	return n.gdb.WithContext(ctx).Create(&Notification{EventID: e.EventID, UserID: string(m.Key), Text: "paid"}).Error
}
