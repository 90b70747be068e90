package jobs

import (
	"context"
	"log/slog"
	"time"

	"example.com/shop4/internal/clients/mailer"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

// CartReminders e-mails customers who left a cart a day ago.
type CartReminders struct {
	carts store.CartStore
	mail  mailer.Mailer
}

func NewCartReminders(c store.CartStore, m mailer.Mailer) *CartReminders {
	return &CartReminders{carts: c, mail: m}
}

func (j *CartReminders) Name() string { return "cart-reminders" }

func (j *CartReminders) Run(ctx context.Context) error {
	carts, err := j.carts.ListAbandoned(ctx, time.Now().Add(-24*time.Hour), 200)
	if err != nil {
		return err
	}
	for _, c := range carts {
		if err := j.remind(ctx, c); err != nil {
			slog.WarnContext(ctx, "cart reminder", "cart", c.ID, "err", err)
		}
	}
	return nil
}

func (j *CartReminders) remind(ctx context.Context, c domain.AbandonedCart) error {
	if err := j.mail.Send(ctx, mailer.Message{To: c.Email, Template: "cart-reminder", Data: map[string]any{"total": c.TotalCents}}); err != nil {
		return err
	}
	return j.carts.MarkReminded(ctx, c.ID)
}

// ReviewRequests asks buyers for a review a week after delivery.
type ReviewRequests struct {
	requests store.ReviewRequestStore
	mail     mailer.Mailer
}

func NewReviewRequests(r store.ReviewRequestStore, m mailer.Mailer) *ReviewRequests {
	return &ReviewRequests{requests: r, mail: m}
}

func (j *ReviewRequests) Name() string { return "review-requests" }

func (j *ReviewRequests) Run(ctx context.Context) error {
	due, err := j.requests.ClaimDue(ctx, 200)
	if err != nil {
		return err
	}
	for _, rr := range due {
		if err := j.mail.Send(ctx, mailer.Message{To: rr.Email, Template: "review-request", Data: map[string]any{"order": rr.OrderID}}); err != nil {
			slog.WarnContext(ctx, "review request", "id", rr.ID, "err", err)
			_ = j.requests.Release(ctx, rr.ID)
			continue
		}
		if err := j.requests.MarkSent(ctx, rr.ID); err != nil {
			return err
		}
	}
	return nil
}
