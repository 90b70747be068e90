package service

import (
	"context"
	"time"

	"example.com/shop3/internal/domain"
	"example.com/shop3/internal/payments"
)

type Subscriptions interface {
	Get(ctx context.Context, id int64) (domain.Subscription, error)
	Update(ctx context.Context, s domain.Subscription) error
	RenewFromWallet(ctx context.Context, id int64, priceCents int64, now time.Time) (bool, error)
}

type SubscriptionService struct {
	Subs    Subscriptions
	Charger Charger
	Ledger  Ledger
	Prices  map[string]int64
}

func renewedThisPeriod(sub domain.Subscription, now time.Time) bool {
	return sub.RenewedAt != nil && sub.PeriodEnd.After(now)
}

// Renew charges the card for the next period of a subscription that is due.
func (s *SubscriptionService) Renew(ctx context.Context, id int64, cardRef string, now time.Time) error {
	sub, err := s.Subs.Get(ctx, id)
	if err != nil {
		return err
	}
	if sub.Status != "active" || renewedThisPeriod(sub, now) {
		return nil
	}
	price := s.Prices[sub.Plan]
	ch, err := s.Charger.Charge(ctx, "", payments.ChargeRequest{CustomerRef: cardRef, AmountCents: price, Currency: "EUR", Description: "Renewal " + sub.Plan})
	if err != nil {
		sub.Status = "past_due"
		return s.Subs.Update(ctx, sub)
	}
	if err := s.Ledger.Credit(ctx, sub.UserID, 0, "renewal_charge", ch.ID); err != nil {
		return err
	}
	return s.advance(ctx, sub, now)
}

func (s *SubscriptionService) advance(ctx context.Context, sub domain.Subscription, now time.Time) error {
	sub.RenewedAt = &now
	sub.PeriodEnd = sub.PeriodEnd.AddDate(0, 1, 0)
	return s.Subs.Update(ctx, sub)
}

// RenewPrepaid renews a wallet-paid subscription.
func (s *SubscriptionService) RenewPrepaid(ctx context.Context, id int64, plan string, now time.Time) (bool, error) {
	return s.Subs.RenewFromWallet(ctx, id, s.Prices[plan], now)
}
