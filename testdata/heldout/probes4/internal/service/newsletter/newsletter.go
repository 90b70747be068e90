// Package newsletter manages mailing-list subscriptions.
package newsletter

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"strings"

	"example.com/shop4/internal/clients/mailer"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

const ListProductUpdates = "product-updates"

type Service struct {
	subs store.NewsletterStore
	mail mailer.Mailer
	base string
}

func New(subs store.NewsletterStore, m mailer.Mailer, baseURL string) *Service {
	return &Service{subs: subs, mail: m, base: baseURL}
}

func newToken() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Subscribe adds the address to the product-updates list and sends the
// double opt-in mail.
func (s *Service) Subscribe(ctx context.Context, email, source string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	exists, err := s.subs.Exists(ctx, ListProductUpdates, email)
	if err != nil {
		return err
	}
	if exists {
		return nil
	}
	sub := &domain.Subscriber{ListID: ListProductUpdates, Email: email, Source: source, ConfirmToken: newToken()}
	if err := s.subs.Add(ctx, sub); err != nil {
		return err
	}
	return s.sendConfirmation(ctx, sub)
}

// JoinWaitlist puts the address on the back-in-stock list of one product
// and confirms it by mail.
func (s *Service) JoinWaitlist(ctx context.Context, sku, email string) error {
	email = strings.ToLower(strings.TrimSpace(email))
	listed, err := s.subs.OnWaitlist(ctx, sku, email)
	if err != nil {
		return err
	}
	if listed {
		return nil
	}
	added, err := s.subs.AddToWaitlist(ctx, sku, email)
	if err != nil {
		return err
	}
	if !added {
		return nil
	}
	return s.mail.Send(ctx, mailer.Message{To: email, Template: "waitlist-joined", Data: map[string]any{"sku": sku}})
}

func (s *Service) sendConfirmation(ctx context.Context, sub *domain.Subscriber) error {
	return s.mail.Send(ctx, mailer.Message{
		To:       sub.Email,
		Template: "confirm-subscription",
		Data:     map[string]any{"list": sub.ListID, "link": s.base + "/newsletter/confirm?t=" + sub.ConfirmToken},
	})
}
