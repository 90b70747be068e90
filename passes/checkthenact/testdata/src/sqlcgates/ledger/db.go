// Package ledger mimics the code sqlc generates for database/sql.
package ledger

import (
	"context"
	"database/sql"
	"time"
)

type DBTX interface {
	ExecContext(context.Context, string, ...interface{}) (sql.Result, error)
	PrepareContext(context.Context, string) (*sql.Stmt, error)
	QueryContext(context.Context, string, ...interface{}) (*sql.Rows, error)
	QueryRowContext(context.Context, string, ...interface{}) *sql.Row
}

func New(db DBTX) *Queries {
	return &Queries{db: db}
}

type Queries struct {
	db DBTX
}

func (q *Queries) WithTx(tx *sql.Tx) *Queries {
	return &Queries{
		db: tx,
	}
}

type GiftCard struct {
	ID          int64
	Code        string
	AmountCents int64
	RedeemedAt  sql.NullTime
	RedeemedBy  sql.NullInt64
	CreatedAt   time.Time
}
