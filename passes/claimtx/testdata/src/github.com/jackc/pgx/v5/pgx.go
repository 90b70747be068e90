// Package pgx is a minimal stub of github.com/jackc/pgx/v5.
package pgx

import (
	"context"

	"github.com/jackc/pgx/v5/pgconn"
)

type TxIsoLevel string

const Serializable TxIsoLevel = "serializable"

type TxOptions struct {
	IsoLevel TxIsoLevel
}

type Row interface {
	Scan(dest ...any) error
}

type Rows interface {
	Close()
	Next() bool
	Scan(dest ...any) error
}

type Tx interface {
	Begin(ctx context.Context) (Tx, error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
	Exec(ctx context.Context, sql string, arguments ...any) (commandTag pgconn.CommandTag, err error)
	Query(ctx context.Context, sql string, args ...any) (Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) Row
}

type Conn struct{}

func (c *Conn) Begin(ctx context.Context) (Tx, error)                        { return nil, nil }
func (c *Conn) BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error) { return nil, nil }
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}
func (c *Conn) Query(ctx context.Context, sql string, args ...any) (Rows, error) { return nil, nil }
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) Row        { return nil }

func BeginFunc(
	ctx context.Context,
	db interface {
		Begin(ctx context.Context) (Tx, error)
	},
	fn func(Tx) error,
) (err error) {
	return nil
}

func BeginTxFunc(
	ctx context.Context,
	db interface {
		BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error)
	},
	txOptions TxOptions,
	fn func(Tx) error,
) (err error) {
	return nil
}
