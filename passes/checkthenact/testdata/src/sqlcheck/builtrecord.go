package sqlcheck

import (
	"context"
	"database/sql"
	"errors"
)

type PaymentGateway interface {
	Charge(ctx context.Context, customer string, amount int64) (string, error)
}

type Customer struct {
	ID    int64
	Email string
}

type Subscription struct {
	ID            int64
	CustomerID    int64
	Plan          string
	ProviderSubID string
}

type Subscriptions struct {
	db      *sql.DB
	gateway PaymentGateway
}

// The insert's key comes from a record built from the check's values:
// two requests both find no subscription, both charge and both insert.
func (s *Subscriptions) Subscribe(ctx context.Context, c Customer, plan string) (Subscription, error) {
	var cur Subscription
	err := s.db.QueryRowContext(ctx, `SELECT id FROM subscriptions WHERE customer_id = $1 AND plan = $2`, c.ID, plan).Scan(&cur.ID) // want `check-then-act race: the existence check on subscriptions and the insert at line \d+ are separate steps`
	if err == nil {
		return cur, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return Subscription{}, err
	}
	ref, err := s.gateway.Charge(ctx, c.Email, 1900)
	if err != nil {
		return Subscription{}, err
	}
	sub := Subscription{CustomerID: c.ID, Plan: plan, ProviderSubID: ref}
	err = s.db.QueryRowContext(ctx, `INSERT INTO subscriptions (customer_id, plan, provider_sub_id) VALUES ($1, $2, $3) RETURNING id`,
		sub.CustomerID, sub.Plan, sub.ProviderSubID).Scan(&sub.ID)
	return sub, err
}

// Near miss: the record built is keyed by a fresh reference alone, not
// by the customer's plan the check looked up.
func (s *Subscriptions) RecordCharge(ctx context.Context, c Customer, plan string) error {
	var cur Subscription
	err := s.db.QueryRowContext(ctx, `SELECT id FROM subscriptions WHERE customer_id = $1 AND plan = $2`, c.ID, plan).Scan(&cur.ID)
	if err == nil || !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	sub := Subscription{ProviderSubID: newReference()}
	_, err = s.db.ExecContext(ctx, `INSERT INTO subscriptions (provider_sub_id) VALUES ($1)`, sub.ProviderSubID)
	return err
}

func newReference() string { return "sub_" + randomSuffix() }

func randomSuffix() string { return "x" }
