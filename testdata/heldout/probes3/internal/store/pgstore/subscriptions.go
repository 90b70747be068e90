package pgstore

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"

	"example.com/shop3/internal/domain"
)

type SubscriptionRepo struct{ *Store }

func (r SubscriptionRepo) Get(ctx context.Context, id int64) (domain.Subscription, error) {
	var s domain.Subscription
	err := r.pool.QueryRow(ctx,
		`SELECT id, user_id, plan, status, renewed_at, period_end FROM subscriptions WHERE id = $1`, id).
		Scan(&s.ID, &s.UserID, &s.Plan, &s.Status, &s.RenewedAt, &s.PeriodEnd)
	return s, translate(err)
}

func (r SubscriptionRepo) Update(ctx context.Context, s domain.Subscription) error {
	_, err := r.pool.Exec(ctx,
		`UPDATE subscriptions SET status = $2, renewed_at = $3, period_end = $4 WHERE id = $1`,
		s.ID, s.Status, s.RenewedAt, s.PeriodEnd)
	return err
}

// RenewFromWallet renews a prepaid subscription for one more period,
// paying from the wallet.
func (r SubscriptionRepo) RenewFromWallet(ctx context.Context, id int64, priceCents int64, now time.Time) (bool, error) {
	renewed := false
	err := r.inTx(ctx, func(tx pgx.Tx) error {
		var s domain.Subscription
		err := tx.QueryRow(ctx,
			`SELECT id, user_id, status, renewed_at, period_end FROM subscriptions WHERE id = $1 FOR UPDATE`, id).
			Scan(&s.ID, &s.UserID, &s.Status, &s.RenewedAt, &s.PeriodEnd)
		if err != nil {
			return translate(err)
		}
		if s.Status != "active" || s.PeriodEnd.After(now) {
			return nil
		}
		if err := appendLedger(ctx, tx, s.UserID, -priceCents, "renewal", s.PeriodEnd.Format(time.DateOnly)); err != nil {
			return err
		}
		_, err = tx.Exec(ctx,
			`UPDATE subscriptions SET renewed_at = $2, period_end = period_end + interval '1 month' WHERE id = $1`,
			id, now)
		renewed = err == nil
		return err
	})
	return renewed, err
}
