package pgrepo

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop4/internal/domain"
)

type Payments struct{ pool *pgxpool.Pool }

func NewPayments(pool *pgxpool.Pool) *Payments { return &Payments{pool: pool} }

func (r *Payments) ByOrder(ctx context.Context, orderID int64) (domain.Payment, bool, error) {
	rows, err := r.pool.Query(ctx,
		`SELECT id, order_id, amount_cents, currency, charge_id, status, created_at
		   FROM payments WHERE order_id = $1 ORDER BY id DESC LIMIT 1`, orderID)
	if err != nil {
		return domain.Payment{}, false, err
	}
	p, err := pgx.CollectOneRow(rows, pgx.RowToStructByPos[domain.Payment])
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.Payment{}, false, nil
	}
	return p, err == nil, err
}

func (r *Payments) Insert(ctx context.Context, p *domain.Payment) error {
	err := r.pool.QueryRow(ctx,
		`INSERT INTO payments (order_id, amount_cents, currency, charge_id, status)
		 VALUES ($1, $2, $3, $4, $5) RETURNING id, created_at`,
		p.OrderID, p.AmountCents, p.Currency, p.ChargeID, p.Status).Scan(&p.ID, &p.CreatedAt)
	return mapErr(err)
}

func (r *Payments) RenewalFor(ctx context.Context, subscriptionID int64, period string) (*domain.RenewalCharge, error) {
	var rc domain.RenewalCharge
	err := r.pool.QueryRow(ctx,
		`SELECT id, subscription_id, period, amount_cents, coalesce(charge_id, ''), status
		   FROM renewal_charges WHERE subscription_id = $1 AND period = $2`, subscriptionID, period).
		Scan(&rc.ID, &rc.SubscriptionID, &rc.Period, &rc.AmountCents, &rc.ChargeID, &rc.Status)
	if err != nil {
		return nil, mapErr(err)
	}
	return &rc, nil
}

func (r *Payments) InsertPendingRenewal(ctx context.Context, rc *domain.RenewalCharge) error {
	rc.Status = "pending"
	err := r.pool.QueryRow(ctx,
		`INSERT INTO renewal_charges (subscription_id, period, amount_cents, status)
		 VALUES ($1, $2, $3, 'pending') RETURNING id`,
		rc.SubscriptionID, rc.Period, rc.AmountCents).Scan(&rc.ID)
	return mapErr(err)
}

func (r *Payments) CompleteRenewal(ctx context.Context, id int64, chargeID, status string) error {
	_, err := r.pool.Exec(ctx,
		`UPDATE renewal_charges SET charge_id = $2, status = $3, updated_at = now() WHERE id = $1`,
		id, chargeID, status)
	return err
}
