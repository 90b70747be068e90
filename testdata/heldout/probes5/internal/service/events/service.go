// Package events runs the events platform: webinars and customer meetups
// with registration, waitlists, speakers, ticket sales and broadcasts.
package events

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"
	"github.com/redis/go-redis/v9"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/sqlxstore"
)

type Service struct {
	DB       *sqlx.DB
	Repo     sqlxstore.Events
	Redis    *redis.Client
	Payments effects.PaymentProvider
	Mailer   effects.Mailer
	Events   effects.EventPublisher
	Log      *slog.Logger
}

func New(db *sqlx.DB, rdb *redis.Client, payments effects.PaymentProvider, mailer effects.Mailer, events effects.EventPublisher, log *slog.Logger) *Service {
	return &Service{DB: db, Repo: sqlxstore.Events{DB: db}, Redis: rdb, Payments: payments, Mailer: mailer, Events: events, Log: log}
}

// Attendee is a person registering for an event.
type Attendee struct {
	Email string
	Name  string
}

func (a Attendee) validate() error {
	if !strings.Contains(a.Email, "@") {
		return domain.Invalid("email", "invalid")
	}
	if strings.TrimSpace(a.Name) == "" {
		return domain.Invalid("name", "required")
	}
	return nil
}

func (s *Service) confirmation(ctx context.Context, ev sqlxstore.Event, a Attendee, template string) {
	if _, err := s.Mailer.Send(ctx, effects.Email{
		To:       a.Email,
		Subject:  "You're registered: " + ev.Title,
		Template: template,
		Data: map[string]any{
			"title":     ev.Title,
			"starts_at": ev.StartsAt.Format(time.RFC1123),
			"name":      a.Name,
		},
	}); err != nil {
		s.Log.WarnContext(ctx, "confirmation mail", "event", ev.ID, "err", err)
	}
}

func (s *Service) open(ev sqlxstore.Event) error {
	if ev.Status != "scheduled" {
		return fmt.Errorf("event is %s: %w", ev.Status, domain.ErrConflict)
	}
	if time.Now().After(ev.StartsAt) {
		return fmt.Errorf("event already started: %w", domain.ErrConflict)
	}
	return nil
}
