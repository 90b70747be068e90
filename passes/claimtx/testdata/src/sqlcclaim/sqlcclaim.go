// Package sqlcclaim exercises claimtx on sqlc's Queries and WithTx.
package sqlcclaim

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"sqlcclaim/db"
)

// The pool-bound q claims while qtx writes: fix claims on qtx.
func Transfer(ctx context.Context, pool *pgxpool.Pool, key string, p db.CreateTransferParams) error {
	q := db.New(pool)
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	qtx := q.WithTx(tx)
	n, err := q.ClaimKey(ctx, key) // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 25 in a transaction`
	if err != nil || n == 0 {
		return err
	}
	if err := qtx.CreateTransfer(ctx, p); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Near miss: both on qtx.
func TransferTx(ctx context.Context, pool *pgxpool.Pool, key string, p db.CreateTransferParams) error {
	q := db.New(pool)
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	qtx := q.WithTx(tx)
	n, err := qtx.ClaimKey(ctx, key)
	if err != nil || n == 0 {
		return err
	}
	if err := qtx.CreateTransfer(ctx, p); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

type Service struct {
	q    *db.Queries
	pool *pgxpool.Pool
}

// The Queries in a field is the pool-bound one: its WithTx says so.
func (s *Service) Transfer(ctx context.Context, key string, p db.CreateTransferParams) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if n, err := s.q.ClaimKey(ctx, key); err != nil || n == 0 { // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 65 in a transaction`
		return err
	}
	if err := s.q.WithTx(tx).CreateTransfer(ctx, p); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
