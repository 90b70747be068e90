// Package pgx is a stub of github.com/jackc/pgx/v4.
package pgx

import (
	"context"
	"errors"

	"github.com/jackc/pgconn"
)

var ErrNoRows = errors.New("no rows in result set")

type TxOptions struct{}

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
	BeginFunc(ctx context.Context, f func(Tx) error) error
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
	Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) Row
}

type Conn struct{}

func (c *Conn) Begin(ctx context.Context) (Tx, error)                 { return nil, nil }
func (c *Conn) BeginFunc(ctx context.Context, f func(Tx) error) error { return nil }
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return nil, nil
}
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) Row { return nil }
