package billing

import (
	"context"
	"fmt"
	"time"

	"golang.org/x/sync/errgroup"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/gormstore"
)

// RenewNow lets an admin settle a past-due subscription immediately instead
// of waiting for the next dunning attempt.
func (s *Service) RenewNow(ctx context.Context, actor domain.Actor) (gormstore.Subscription, error) {
	var sub gormstore.Subscription
	if err := s.DB.WithContext(ctx).Where("workspace_id = ?", actor.WorkspaceID).First(&sub).Error; err != nil {
		return sub, gormstore.MapErr(err)
	}
	if sub.Status != "past_due" {
		return sub, fmt.Errorf("subscription is %s: %w", sub.Status, domain.ErrConflict)
	}
	var plan gormstore.Plan
	if err := s.DB.WithContext(ctx).Where("code = ?", sub.PlanCode).First(&plan).Error; err != nil {
		return sub, gormstore.MapErr(err)
	}
	acct, err := s.Accounts.FindBillingAccount(ctx, actor.WorkspaceID)
	if err != nil || acct == nil {
		return sub, fmt.Errorf("no billing account: %w", domain.ErrPaymentFailed)
	}
	amount := plan.SeatPrice * int64(sub.Seats)

	var charge effects.Charge
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		var err error
		charge, err = s.Provider.Charge(gctx, effects.ChargeParams{
			CustomerID:  acct.ProviderCustomerID,
			AmountCents: amount,
			Currency:    "usd",
			Description: fmt.Sprintf("Desk %s renewal (%d seats)", plan.Name, sub.Seats),
		})
		return err
	})
	g.Go(func() error {
		_, err := s.Mailer.Send(gctx, effects.Email{
			To:       acct.Email,
			Subject:  "Your Desk subscription is being renewed",
			Template: "renewal_started",
		})
		return err
	})
	if err := g.Wait(); err != nil {
		return sub, fmt.Errorf("renew: %w", err)
	}
	return s.activate(ctx, sub, charge, amount)
}

func (s *Service) activate(ctx context.Context, sub gormstore.Subscription, ch effects.Charge, amount int64) (gormstore.Subscription, error) {
	sub.Status = "active"
	sub.CurrentPeriodEnd = time.Now().AddDate(0, 1, 0)
	sub.UpdatedAt = time.Now()
	if err := s.DB.WithContext(ctx).Save(&sub).Error; err != nil {
		return sub, gormstore.MapErr(err)
	}
	p := gormstore.Payment{
		WorkspaceID:    sub.WorkspaceID,
		Reference:      fmt.Sprintf("renew-%d-%s", sub.ID, ch.ID),
		ProviderCharge: ch.ID,
		Status:         "succeeded",
		AmountCents:    amount,
		Currency:       "usd",
	}
	if err := s.Payments.Create(ctx, &p); err != nil {
		s.Log.ErrorContext(ctx, "record renewal payment", "sub", sub.ID, "err", err)
	}
	s.publish(ctx, "billing.subscription_renewed", map[string]any{"workspace_id": sub.WorkspaceID})
	return sub, nil
}

// Reactivate restarts a subscription that the dunning job suspended. The
// subscription is claimed with a conditional status update before the card
// is charged.
func (s *Service) Reactivate(ctx context.Context, actor domain.Actor) (gormstore.Subscription, error) {
	var sub gormstore.Subscription
	if err := s.DB.WithContext(ctx).Where("workspace_id = ?", actor.WorkspaceID).First(&sub).Error; err != nil {
		return sub, gormstore.MapErr(err)
	}
	if sub.Status != "suspended" {
		return sub, fmt.Errorf("subscription is %s: %w", sub.Status, domain.ErrConflict)
	}
	res := s.DB.WithContext(ctx).Model(&gormstore.Subscription{}).
		Where("id = ? AND status = ?", sub.ID, "suspended").
		Updates(map[string]any{"status": "reactivating", "version": sub.Version + 1, "updated_at": time.Now()})
	if res.Error != nil {
		return sub, gormstore.MapErr(res.Error)
	}
	if res.RowsAffected == 0 {
		return sub, fmt.Errorf("subscription changed concurrently: %w", domain.ErrConflict)
	}
	sub.Status, sub.Version = "reactivating", sub.Version+1

	var plan gormstore.Plan
	if err := s.DB.WithContext(ctx).Where("code = ?", sub.PlanCode).First(&plan).Error; err != nil {
		return sub, gormstore.MapErr(err)
	}
	acct, err := s.Accounts.FindBillingAccount(ctx, actor.WorkspaceID)
	if err != nil || acct == nil {
		return sub, fmt.Errorf("no billing account: %w", domain.ErrPaymentFailed)
	}
	amount := plan.SeatPrice * int64(sub.Seats)
	var charge effects.Charge
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		var err error
		charge, err = s.Provider.Charge(gctx, effects.ChargeParams{
			CustomerID:     acct.ProviderCustomerID,
			AmountCents:    amount,
			Currency:       "usd",
			Description:    fmt.Sprintf("Desk %s reactivation", plan.Name),
			IdempotencyKey: fmt.Sprintf("reactivate-%d-v%d", sub.ID, sub.Version),
		})
		return err
	})
	g.Go(func() error {
		_, err := s.Mailer.Send(gctx, effects.Email{To: acct.Email, Subject: "Reactivating your Desk subscription", Template: "reactivation_started"})
		return err
	})
	if err := g.Wait(); err != nil {
		s.DB.WithContext(ctx).Model(&gormstore.Subscription{}).Where("id = ? AND status = ?", sub.ID, "reactivating").Update("status", "suspended")
		return sub, fmt.Errorf("reactivate: %w", err)
	}
	return s.activate(ctx, sub, charge, amount)
}
