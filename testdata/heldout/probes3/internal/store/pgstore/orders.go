package pgstore

import (
	"context"

	"github.com/jackc/pgx/v5"

	"example.com/shop3/internal/domain"
)

type OrderRepo struct{ *Store }

func (r OrderRepo) Get(ctx context.Context, id int64) (domain.Order, error) {
	var o domain.Order
	err := r.pool.QueryRow(ctx, `
		SELECT id, tenant_id, user_id, status, total_cents, currency, payment_ref, confirmed_at, tags
		  FROM orders WHERE id = $1`, id).
		Scan(&o.ID, &o.TenantID, &o.UserID, &o.Status, &o.TotalCents, &o.Currency, &o.PaymentRef, &o.ConfirmedAt, &o.Tags)
	return o, translate(err)
}

// Save writes the order's mutable columns back.
func (r OrderRepo) Save(ctx context.Context, o domain.Order) error {
	_, err := r.pool.Exec(ctx, `
		UPDATE orders SET status = $2, payment_ref = $3, confirmed_at = $4, tags = $5
		 WHERE id = $1`, o.ID, o.Status, o.PaymentRef, o.ConfirmedAt, o.Tags)
	return err
}

// SetStatus sets an absolute status.
func (r OrderRepo) SetStatus(ctx context.Context, id int64, status string) error {
	_, err := r.pool.Exec(ctx, `UPDATE orders SET status = $2 WHERE id = $1`, id, status)
	return err
}

// TagOnce adds tag to the order unless it has it, and runs then in the same
// transaction only when this call added it.
func (r OrderRepo) TagOnce(ctx context.Context, id int64, tag string, then func(pgx.Tx) error) (bool, error) {
	tagged := false
	err := r.inTx(ctx, func(tx pgx.Tx) error {
		ct, err := tx.Exec(ctx, `
			UPDATE orders SET tags = array_append(tags, $2)
			 WHERE id = $1 AND NOT ($2 = ANY (tags))`, id, tag)
		if err != nil {
			return err
		}
		if ct.RowsAffected() == 0 {
			return nil
		}
		tagged = true
		return then(tx)
	})
	return tagged, err
}

// AddPointsTx credits loyalty points inside the caller's transaction.
func AddPointsTx(ctx context.Context, tx pgx.Tx, userID, points int64) error {
	_, err := tx.Exec(ctx, `UPDATE loyalty SET points = points + $2 WHERE user_id = $1`, userID, points)
	return err
}

// AddPoints credits loyalty points.
func (r OrderRepo) AddPoints(ctx context.Context, userID, points int64) error {
	_, err := r.pool.Exec(ctx, `UPDATE loyalty SET points = points + $2 WHERE user_id = $1`, userID, points)
	return err
}
