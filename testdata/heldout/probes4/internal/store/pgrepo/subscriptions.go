package pgrepo

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop4/internal/domain"
)

type Subscriptions struct{ pool *pgxpool.Pool }

func NewSubscriptions(pool *pgxpool.Pool) *Subscriptions { return &Subscriptions{pool: pool} }

func (r *Subscriptions) Insert(ctx context.Context, s *domain.Subscription) error {
	err := r.pool.QueryRow(ctx,
		`INSERT INTO subscriptions (user_id, plan_code, amount_cents, currency, payment_ref, status)
		 VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
		s.UserID, s.PlanCode, s.AmountCents, s.Currency, s.PaymentRef, s.Status).Scan(&s.ID)
	return mapErr(err)
}

// DueForRenewal lists active subscriptions without a renewal charge for period.
func (r *Subscriptions) DueForRenewal(ctx context.Context, period string, limit int) ([]domain.Subscription, error) {
	rows, err := r.pool.Query(ctx, `
		SELECT s.id, s.user_id, s.plan_code, s.amount_cents, s.currency, s.payment_ref, s.status
		  FROM subscriptions s
		 WHERE s.status = 'active'
		   AND NOT EXISTS (SELECT 1 FROM renewal_charges rc
		                    WHERE rc.subscription_id = s.id AND rc.period = $1)
		 ORDER BY s.id
		 LIMIT $2`, period, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[domain.Subscription])
}

type Transfers struct{ pool *pgxpool.Pool }

func NewTransfers(pool *pgxpool.Pool) *Transfers { return &Transfers{pool: pool} }

func (r *Transfers) RecordTransfer(ctx context.Context, t domain.Transfer) error {
	_, err := r.pool.Exec(ctx,
		`INSERT INTO transfers (id, from_user_id, to_account, amount_cents, currency, provider_ref, status)
		 VALUES ($1, $2, $3, $4, $5, $6, $7)`,
		t.ID, t.FromUserID, t.ToAccount, t.AmountCents, t.Currency, t.ProviderRef, t.Status)
	return err
}

func (r *Transfers) DebitBalance(ctx context.Context, userID, cents int64) error {
	_, err := r.pool.Exec(ctx,
		`UPDATE wallets SET balance_cents = balance_cents - $2 WHERE user_id = $1`, userID, cents)
	return err
}

// WebhookLog remembers processed provider events.
type WebhookLog struct{ pool *pgxpool.Pool }

func NewWebhookLog(pool *pgxpool.Pool) *WebhookLog { return &WebhookLog{pool: pool} }

func (r *WebhookLog) Seen(ctx context.Context, provider, eventID string) (bool, error) {
	var ok bool
	err := r.pool.QueryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM processed_webhooks WHERE provider = $1 AND event_id = $2)`,
		provider, eventID).Scan(&ok)
	return ok, err
}

func (r *WebhookLog) Record(ctx context.Context, provider, eventID, typ string) error {
	_, err := r.pool.Exec(ctx,
		`INSERT INTO processed_webhooks (provider, event_id, type) VALUES ($1, $2, $3)`,
		provider, eventID, typ)
	return mapErr(err)
}
