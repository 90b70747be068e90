package repo

import (
	"context"
	"database/sql"
	"errors"

	"github.com/jmoiron/sqlx"

	"example.com/probes/internal/domain"
)

// PaymentRepo is backed by sqlx on lib/pq.
type PaymentRepo struct {
	db *sqlx.DB
}

func NewPaymentRepo(db *sqlx.DB) *PaymentRepo { return &PaymentRepo{db: db} }

// GetByOrderRef reports found=false when there is no payment yet.
func (r *PaymentRepo) GetByOrderRef(ctx context.Context, ref string) (domain.Payment, bool, error) {
	var p domain.Payment
	err := r.db.GetContext(ctx, &p, `SELECT id, order_ref, amount, provider_id, status FROM payments WHERE order_ref = $1`, ref)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return domain.Payment{}, false, nil
	case err != nil:
		return domain.Payment{}, false, err
	}
	return p, true, nil
}

// Insert stores a payment; the order_ref is unique.
func (r *PaymentRepo) Insert(ctx context.Context, p *domain.Payment) error {
	err := r.db.QueryRowxContext(ctx,
		`INSERT INTO payments (order_ref, amount, provider_id, status) VALUES ($1, $2, $3, $4) RETURNING id`,
		p.OrderRef, p.Amount, p.ProviderID, p.Status).Scan(&p.ID)
	if isUniqueViolation(err) {
		return domain.ErrDuplicate
	}
	return err
}

// Complete records the processor's id on a pending payment.
func (r *PaymentRepo) Complete(ctx context.Context, id int64, providerID string) error {
	_, err := r.db.ExecContext(ctx, `UPDATE payments SET provider_id = $1, status = 'succeeded' WHERE id = $2`, providerID, id)
	return err
}

func (r *PaymentRepo) Fail(ctx context.Context, id int64) error {
	_, err := r.db.ExecContext(ctx, `UPDATE payments SET status = 'failed' WHERE id = $1`, id)
	return err
}
