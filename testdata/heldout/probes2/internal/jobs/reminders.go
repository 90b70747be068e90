package jobs

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/db/pg"
	"example.com/shop2/internal/notify"
)

// ReminderSender mails due reminders (abandoned carts, expiring cards).
type ReminderSender struct {
	q      *pg.Queries
	mailer notify.Mailer
	log    *slog.Logger
}

func NewReminderSender(pool *pgxpool.Pool, mailer notify.Mailer, log *slog.Logger) *ReminderSender {
	return &ReminderSender{q: pg.New(pool), mailer: mailer, log: log}
}

var reminderTemplates = map[string]string{
	"abandoned_cart": "Items are waiting in your cart",
	"card_expiring":  "Your card is about to expire",
}

func (s *ReminderSender) Run(ctx context.Context) error {
	due, err := s.q.ListDueReminders(ctx, 200)
	if err != nil {
		return fmt.Errorf("list due reminders: %w", err)
	}
	for _, rem := range due {
		claimed, err := s.q.ClaimReminder(ctx, rem.ID)
		if err != nil {
			s.log.ErrorContext(ctx, "claim reminder", "reminder_id", rem.ID, "err", err)
			continue
		}
		if claimed == 0 {
			continue
		}
		if err := s.deliver(ctx, rem); err != nil {
			s.log.ErrorContext(ctx, "deliver reminder", "reminder_id", rem.ID, "err", err)
			if err := s.q.ReleaseReminder(ctx, rem.ID); err != nil {
				s.log.ErrorContext(ctx, "release reminder", "reminder_id", rem.ID, "err", err)
			}
			continue
		}
		if err := s.q.MarkReminderSent(ctx, rem.ID); err != nil {
			s.log.ErrorContext(ctx, "mark reminder sent", "reminder_id", rem.ID, "err", err)
		}
	}
	return nil
}

func (s *ReminderSender) deliver(ctx context.Context, rem pg.Reminder) error {
	subject, ok := reminderTemplates[rem.Kind]
	if !ok {
		return fmt.Errorf("unknown reminder kind %q", rem.Kind)
	}
	return s.mailer.Send(ctx, notify.Message{
		To:       rem.Email,
		Subject:  subject,
		Template: rem.Kind,
		Data:     map[string]any{"user_id": rem.UserID},
	})
}
