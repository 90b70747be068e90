// Package billing implements subscriptions, invoices, payments, credits and
// usage metering on top of the payment provider.
package billing

import (
	"context"
	"fmt"
	"log/slog"

	"gorm.io/gorm"

	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/gormstore"
)

type Service struct {
	DB       *gorm.DB
	Accounts gormstore.Accounts
	Invoices gormstore.Invoices
	Payments gormstore.Payments
	Credits  gormstore.Credits
	Provider effects.PaymentProvider
	Mailer   effects.Mailer
	Events   effects.EventPublisher
	Log      *slog.Logger
}

func New(db *gorm.DB, provider effects.PaymentProvider, mailer effects.Mailer, events effects.EventPublisher, log *slog.Logger) *Service {
	return &Service{
		DB:       db,
		Accounts: gormstore.Accounts{DB: db},
		Invoices: gormstore.Invoices{DB: db},
		Payments: gormstore.Payments{DB: db},
		Credits:  gormstore.Credits{DB: db},
		Provider: provider,
		Mailer:   mailer,
		Events:   events,
		Log:      log,
	}
}

func formatMoney(cents int64, currency string) string {
	return fmt.Sprintf("%d.%02d %s", cents/100, cents%100, currency)
}

func (s *Service) publish(ctx context.Context, topic string, payload map[string]any) {
	if err := s.Events.Publish(ctx, topic, payload); err != nil {
		s.Log.WarnContext(ctx, "publish", "topic", topic, "err", err)
	}
}
