// Package bunrepo implements store ports on bun.
package bunrepo

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"

	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

type Payouts struct{ db *bun.DB }

func NewPayouts(db *bun.DB) *Payouts { return &Payouts{db: db} }

func (r *Payouts) Get(ctx context.Context, id int64) (*domain.Payout, error) {
	p := new(domain.Payout)
	err := r.db.NewSelect().Model(p).Where("p.id = ?", id).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, store.ErrNotFound
	}
	return p, err
}

func (r *Payouts) ListByStatus(ctx context.Context, status string, limit int) ([]domain.Payout, error) {
	var out []domain.Payout
	err := r.db.NewSelect().
		Model(&out).
		Where("p.status = ?", status).
		Where("p.run_at <= ?", time.Now()).
		OrderExpr("p.id ASC").
		Limit(int64(limit)).
		Scan(ctx)
	return out, err
}

func (r *Payouts) Transition(ctx context.Context, id int64, from, to string) (bool, error) {
	res, err := r.db.NewUpdate().
		Model((*domain.Payout)(nil)).
		Set("status = ?", to).
		Set("updated_at = now()").
		Where("id = ?", id).
		Where("status = ?", from).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (r *Payouts) MarkSent(ctx context.Context, id int64, bankRef string, approvedBy int64) error {
	_, err := r.db.NewUpdate().
		Model((*domain.Payout)(nil)).
		Set("status = ?", domain.PayoutSent).
		Set("bank_ref = ?", bankRef).
		Set("approved_by = NULLIF(?, 0)", approvedBy).
		Set("attempts = attempts + 1").
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

func (r *Payouts) MarkFailed(ctx context.Context, id int64) error {
	_, err := r.db.NewUpdate().
		Model((*domain.Payout)(nil)).
		Set("status = ?", domain.PayoutFailed).
		Set("attempts = attempts + 1").
		Set("updated_at = now()").
		Where("id = ?", id).
		Exec(ctx)
	return err
}

type Refunds struct{ db *bun.DB }

func NewRefunds(db *bun.DB) *Refunds { return &Refunds{db: db} }

func (r *Refunds) ListPending(ctx context.Context, limit int) ([]domain.RefundRequest, error) {
	var out []domain.RefundRequest
	err := r.db.NewSelect().Model(&out).
		Where("rr.status = ?", "pending").
		Order("rr.id").
		Limit(int64(limit)).
		Scan(ctx)
	return out, err
}

func (r *Refunds) Transition(ctx context.Context, id int64, from, to string) (bool, error) {
	res, err := r.db.NewUpdate().
		Table("refund_requests").
		Set("status = ?", to).
		Where("id = ? AND status = ?", id, from).
		Exec(ctx)
	if err != nil {
		return false, err
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

func (r *Refunds) Complete(ctx context.Context, id int64, providerRef string) error {
	_, err := r.db.NewUpdate().
		Table("refund_requests").
		Set("status = 'refunded'").
		Set("provider_ref = ?", providerRef).
		Where("id = ?", id).
		Exec(ctx)
	return err
}
