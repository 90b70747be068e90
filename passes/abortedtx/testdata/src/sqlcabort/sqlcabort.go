// Package sqlcabort uses sqlc's generated queries on a transaction.
package sqlcabort

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/pkg/errors"

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
		return qtx.GetKey(ctx, key) // want `GetKey \(which runs a statement\) on a transaction that the failed statement at line 22 aborted`
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

// Queries built on the transaction with New(tx) run on it: the lookup
// after the failed insert is on the aborted transaction.
func ClaimNew(ctx context.Context, pool *pgxpool.Pool, key string) (int64, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	if err := db.New(tx).CreateKey(ctx, key); err != nil {
		return db.New(tx).GetKey(ctx, key) // want `GetKey \(which runs a statement\) on a transaction that the failed statement at line \d+ aborted`
	}
	return 0, tx.Commit(ctx)
}

// Near miss: an UPDATE ... RETURNING that matched no row answers
// pgx.ErrNoRows, which github.com/pkg/errors' Is tells apart; nothing
// failed on the server.
func Use(ctx context.Context, pool *pgxpool.Pool, key string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	used, err := db.New(tx).MarkKeyUsed(ctx, key)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	if !used {
		if _, err := db.New(tx).GetKey(ctx, key); err != nil {
			return err
		}
		return errors.Wrap(err, "already used")
	}
	return tx.Commit(ctx)
}
