// Package sqlcabort uses sqlc's generated queries on a transaction.
package sqlcabort

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"sqlcabort/db"
)

// Claim looks the key up on the aborted transaction after CreateKey failed.
func Claim(ctx context.Context, pool *pgxpool.Pool, q *db.Queries, key string) (int64, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	qtx := q.WithTx(tx)
	if err := qtx.CreateKey(ctx, key); err != nil {
		return qtx.GetKey(ctx, key) // want `GetKey \(which runs a statement\) on a transaction that the failed statement at line 21 aborted`
	}
	return 0, tx.Commit(ctx)
}

// ClaimPool is the near miss: the lookup runs on the pool-bound queries.
func ClaimPool(ctx context.Context, pool *pgxpool.Pool, q *db.Queries, key string) (int64, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	if err := q.WithTx(tx).CreateKey(ctx, key); err != nil {
		tx.Rollback(ctx)
		return q.GetKey(ctx, key)
	}
	return 0, tx.Commit(ctx)
}

var _ pgx.Tx
