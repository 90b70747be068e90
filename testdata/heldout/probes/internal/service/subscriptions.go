package service

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"example.com/probes/internal/domain"
	"example.com/probes/internal/payment"
)

// SubscriptionService sells plans; subscriptions has no unique (user_id, plan).
type SubscriptionService struct {
	db      *sqlx.DB
	gateway payment.Gateway
	prices  map[string]int64
}

func NewSubscriptionService(db *sqlx.DB, g payment.Gateway) *SubscriptionService {
	return &SubscriptionService{db: db, gateway: g, prices: map[string]int64{"pro": 1900, "team": 4900}}
}

func (s *SubscriptionService) Subscribe(ctx context.Context, user domain.User, plan string) (domain.Subscription, error) {
	price, ok := s.prices[plan]
	if !ok {
		return domain.Subscription{}, fmt.Errorf("unknown plan %q", plan)
	}
	tx, err := s.db.BeginTxx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead})
	if err != nil {
		return domain.Subscription{}, err
	}
	defer tx.Rollback()

	var cur domain.Subscription
	err = tx.GetContext(ctx, &cur,
		`SELECT id, user_id, plan, provider_sub_id, canceled_at FROM subscriptions
		 WHERE user_id = $1 AND plan = $2 AND canceled_at IS NULL FOR UPDATE`, user.ID, plan) // L:F3c
	if err == nil {
		return cur, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return domain.Subscription{}, err
	}

	res, err := s.gateway.Charge(ctx, payment.ChargeRequest{
		CustomerRef: user.Email, Amount: price, Currency: "EUR", Description: plan + " subscription",
	})
	if err != nil {
		return domain.Subscription{}, err
	}
	sub := domain.Subscription{UserID: user.ID, Plan: plan, ProviderSubID: res.ID}
	if err := tx.QueryRowxContext(ctx,
		`INSERT INTO subscriptions (user_id, plan, provider_sub_id) VALUES ($1, $2, $3) RETURNING id`,
		sub.UserID, sub.Plan, sub.ProviderSubID).Scan(&sub.ID); err != nil {
		return domain.Subscription{}, err
	}
	return sub, tx.Commit()
}

// SubscribeLocked locks the user row before looking for a subscription.
func (s *SubscriptionService) SubscribeLocked(ctx context.Context, user domain.User, plan string) (domain.Subscription, error) {
	price, ok := s.prices[plan]
	if !ok {
		return domain.Subscription{}, fmt.Errorf("unknown plan %q", plan)
	}
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return domain.Subscription{}, err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, user.ID); err != nil {
		return domain.Subscription{}, err
	}
	var cur domain.Subscription
	err = tx.GetContext(ctx, &cur,
		`SELECT id, user_id, plan, provider_sub_id, canceled_at FROM subscriptions
		 WHERE user_id = $1 AND plan = $2 AND canceled_at IS NULL`, user.ID, plan) // L:F3c-safe
	if err == nil {
		return cur, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return domain.Subscription{}, err
	}
	sub := domain.Subscription{UserID: user.ID, Plan: plan}
	if err := tx.QueryRowxContext(ctx,
		`INSERT INTO subscriptions (user_id, plan, provider_sub_id) VALUES ($1, $2, '') RETURNING id`,
		sub.UserID, sub.Plan).Scan(&sub.ID); err != nil {
		return domain.Subscription{}, err
	}
	if err := tx.Commit(); err != nil {
		return domain.Subscription{}, err
	}
	res, err := s.gateway.Charge(ctx, payment.ChargeRequest{
		CustomerRef: user.Email, Amount: price, Currency: "EUR", Description: plan + " subscription",
		IdempotencyKey: fmt.Sprintf("sub-%d", sub.ID),
	})
	if err != nil {
		return sub, err
	}
	sub.ProviderSubID = res.ID
	_, err = s.db.ExecContext(ctx, `UPDATE subscriptions SET provider_sub_id = $1 WHERE id = $2`, res.ID, sub.ID)
	return sub, err
}
