package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"example.com/shop2/internal/store/bunrepo"
)

var ErrSubscriptionState = errors.New("subscription is not active")

type SubscriptionService struct {
	subs *bunrepo.SubscriptionRepo
	log  *slog.Logger
	now  func() time.Time
}

func NewSubscriptionService(subs *bunrepo.SubscriptionRepo, log *slog.Logger) *SubscriptionService {
	return &SubscriptionService{subs: subs, log: log, now: time.Now}
}

// Pause pauses an active subscription and credits the unused part of the
// current period to the user's balance.
func (s *SubscriptionService) Pause(ctx context.Context, userID, subID int64) error {
	sub, err := s.subs.Get(ctx, subID)
	if err != nil {
		return fmt.Errorf("pause subscription: %w", err)
	}
	if sub.UserID != userID || sub.Status != "active" {
		return ErrSubscriptionState
	}
	ok, err := s.subs.Transition(ctx, sub.ID, "active", "paused")
	if err != nil {
		return fmt.Errorf("pause subscription: %w", err)
	}
	if !ok {
		return ErrSubscriptionState
	}
	credit := s.unusedCredit(sub)
	if credit > 0 {
		if err := s.subs.AddCredit(ctx, userID, credit); err != nil {
			s.log.ErrorContext(ctx, "pause credit failed", "subscription_id", sub.ID, "cents", credit, "err", err)
		}
	}
	return nil
}

func (s *SubscriptionService) unusedCredit(sub *bunrepo.Subscription) int64 {
	left := sub.CurrentPeriodEnd.Sub(s.now())
	if left <= 0 {
		return 0
	}
	const period = 30 * 24 * time.Hour
	return sub.PriceCents * int64(left) / int64(period)
}
