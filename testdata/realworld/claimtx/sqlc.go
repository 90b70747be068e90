package claimtx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// DBTX, Queries and their methods are what sqlc generates for pgx/v5.
type DBTX interface {
	Exec(context.Context, string, ...interface{}) (pgconn.CommandTag, error)
	Query(context.Context, string, ...interface{}) (pgx.Rows, error)
	QueryRow(context.Context, string, ...interface{}) pgx.Row
}

func New(db DBTX) *Queries {
	return &Queries{db: db}
}

type Queries struct {
	db DBTX
}

func (q *Queries) WithTx(tx pgx.Tx) *Queries {
	return &Queries{
		db: tx,
	}
}

const claimRequest = `-- name: ClaimRequest :execrows
INSERT INTO idempotency_keys (scope, key) VALUES ($1, $2) ON CONFLICT DO NOTHING
`

func (q *Queries) ClaimRequest(ctx context.Context, scope, key string) (int64, error) {
	result, err := q.db.Exec(ctx, claimRequest, scope, key)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected(), nil
}

const createTransfer = `-- name: CreateTransfer :exec
INSERT INTO transfers (from_id, to_id, amount) VALUES ($1, $2, $3)
`

func (q *Queries) CreateTransfer(ctx context.Context, from, to, amount int64) error {
	_, err := q.db.Exec(ctx, createTransfer, from, to, amount)
	return err
}

// Transfer claims through the pool-bound q and writes through qtx.
func Transfer(ctx context.Context, pool *pgxpool.Pool, tenant, key string, from, to, amount int64) error {
	q := New(pool)
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	qtx := q.WithTx(tx)
	n, err := q.ClaimRequest(ctx, tenant, key) // want:claimtx
	if err != nil || n == 0 {
		return err
	}
	if err := qtx.CreateTransfer(ctx, from, to, amount); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// TransferTx claims and writes through qtx.
func TransferTx(ctx context.Context, pool *pgxpool.Pool, tenant, key string, from, to, amount int64) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	qtx := New(pool).WithTx(tx)
	n, err := qtx.ClaimRequest(ctx, tenant, key)
	if err != nil || n == 0 {
		return err
	}
	if err := qtx.CreateTransfer(ctx, from, to, amount); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
