// Package db mimics the code sqlc generates for pgx/v5.
package db

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

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

const claimKey = `-- name: ClaimKey :execrows
INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING
`

func (q *Queries) ClaimKey(ctx context.Context, key string) (int64, error) {
	result, err := q.db.Exec(ctx, claimKey, key)
	if err != nil {
		return 0, err
	}
	return result.RowsAffected(), nil
}

const createTransfer = `-- name: CreateTransfer :exec
INSERT INTO transfers (from_id, to_id, amount) VALUES ($1, $2, $3)
`

type CreateTransferParams struct {
	FromID int64
	ToID   int64
	Amount int64
}

func (q *Queries) CreateTransfer(ctx context.Context, arg CreateTransferParams) error {
	_, err := q.db.Exec(ctx, createTransfer, arg.FromID, arg.ToID, arg.Amount)
	return err
}
