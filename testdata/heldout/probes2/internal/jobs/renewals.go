package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stripe/stripe-go/v82"

	"example.com/shop2/internal/billing"
)

// OffSessionCharger is implemented by billing.Gateway.
type OffSessionCharger interface {
	ChargeSaved(ctx context.Context, req billing.ChargeRequest) (*stripe.PaymentIntent, error)
}

// RenewalRunner charges subscriptions whose period ended.
type RenewalRunner struct {
	pool    *pgxpool.Pool
	charger OffSessionCharger
	log     *slog.Logger
}

func NewRenewalRunner(pool *pgxpool.Pool, charger OffSessionCharger, log *slog.Logger) *RenewalRunner {
	return &RenewalRunner{pool: pool, charger: charger, log: log}
}

type dueSubscription struct {
	ID            int64
	CustomerID    string
	PaymentMethod string
	PriceCents    int64
	Currency      string
	PeriodEnd     time.Time
}

func (r *RenewalRunner) Run(ctx context.Context) error {
	rows, err := r.pool.Query(ctx, `
		SELECT s.id, a.stripe_customer_id, s.payment_method, s.price_cents, s.currency, s.current_period_end
		FROM subscriptions s JOIN billing_accounts a ON a.user_id = s.user_id
		WHERE s.status = 'active' AND s.current_period_end <= now()
		LIMIT 100`)
	if err != nil {
		return fmt.Errorf("list due renewals: %w", err)
	}
	due, err := pgx.CollectRows(rows, pgx.RowToStructByPos[dueSubscription])
	if err != nil {
		return fmt.Errorf("list due renewals: %w", err)
	}
	for _, sub := range due {
		if err := r.renew(ctx, sub); err != nil {
			r.log.ErrorContext(ctx, "renewal failed", "subscription_id", sub.ID, "err", err)
		}
	}
	return nil
}

func (r *RenewalRunner) renew(ctx context.Context, sub dueSubscription) error {
	period := sub.PeriodEnd.UTC().Format("2006-01-02")
	pi, err := r.charger.ChargeSaved(ctx, billing.ChargeRequest{
		CustomerID:     sub.CustomerID,
		PaymentMethod:  sub.PaymentMethod,
		AmountCents:    sub.PriceCents,
		Currency:       sub.Currency,
		Description:    "Subscription renewal",
		IdempotencyKey: fmt.Sprintf("renewal-%d-%s", sub.ID, period),
	})
	if err != nil {
		return err
	}
	_, err = r.pool.Exec(ctx, `
		UPDATE subscriptions
		SET current_period_end = current_period_end + interval '1 month', last_payment_intent = $2
		WHERE id = $1 AND current_period_end = $3`,
		sub.ID, pi.ID, sub.PeriodEnd)
	return err
}
