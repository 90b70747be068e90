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

const createKey = `-- name: CreateKey :exec
INSERT INTO idempotency_keys (key) VALUES ($1)
`

func (q *Queries) CreateKey(ctx context.Context, key string) error {
	_, err := q.db.Exec(ctx, createKey, key)
	return err
}

const getKey = `-- name: GetKey :one
SELECT id FROM idempotency_keys WHERE key = $1
`

func (q *Queries) GetKey(ctx context.Context, key string) (int64, error) {
	row := q.db.QueryRow(ctx, getKey, key)
	var id int64
	err := row.Scan(&id)
	return id, err
}

const markKeyUsed = `-- name: MarkKeyUsed :one
UPDATE idempotency_keys SET used = true WHERE key = $1 AND NOT used RETURNING true
`

func (q *Queries) MarkKeyUsed(ctx context.Context, key string) (bool, error) {
	row := q.db.QueryRow(ctx, markKeyUsed, key)
	var used bool
	err := row.Scan(&used)
	return used, err
}
