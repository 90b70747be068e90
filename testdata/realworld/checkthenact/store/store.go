// Package store is a repository over pgxpool. Its methods are seen by the
// checks in other packages only through the facts exported for them: an
// ExistsByKey is an existence check of payments, an InsertPayment an
// insert into payments.
package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Payments is the payments repository.
type Payments struct {
	Pool *pgxpool.Pool
}

// ExistsByKey reports whether a payment with the idempotency key exists.
func (p *Payments) ExistsByKey(ctx context.Context, key string) (bool, error) {
	var ok bool
	err := p.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM payments WHERE idempotency_key = $1)`, key).Scan(&ok)
	return ok, err
}

// InsertPayment inserts a payment unconditionally.
func (p *Payments) InsertPayment(ctx context.Context, key string, amount int64) error {
	_, err := p.Pool.Exec(ctx, `INSERT INTO payments (idempotency_key, amount) VALUES ($1, $2)`, key, amount)
	return err
}

// InsertPaymentIfAbsent inserts the payment unless the key is taken and
// reports whether it did.
func (p *Payments) InsertPaymentIfAbsent(ctx context.Context, key string, amount int64) (bool, error) {
	tag, err := p.Pool.Exec(ctx, `INSERT INTO payments (idempotency_key, amount) VALUES ($1, $2) ON CONFLICT (idempotency_key) DO NOTHING`, key, amount)
	return tag.RowsAffected() == 1, err
}
