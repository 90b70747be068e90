// Package pgx is a stub of github.com/jackc/pgx/v5.
package pgx

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
)

var ErrNoRows = errors.New("no rows in result set")

type TxIsoLevel string

const (
	Serializable    TxIsoLevel = "serializable"
	RepeatableRead  TxIsoLevel = "repeatable read"
	ReadCommitted   TxIsoLevel = "read committed"
	ReadUncommitted TxIsoLevel = "read uncommitted"
)

type TxOptions struct {
	IsoLevel TxIsoLevel
}

type Row interface {
	Scan(dest ...any) error
}

type Rows interface {
	Close()
	Err() error
	Next() bool
	Scan(dest ...any) error
}

type Tx interface {
	Begin(ctx context.Context) (Tx, error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
	Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) Row
}

type Conn struct{}

func Connect(ctx context.Context, connString string) (*Conn, error) { return nil, nil }

func (c *Conn) Begin(ctx context.Context) (Tx, error)                        { return nil, nil }
func (c *Conn) BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error) { return nil, nil }
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}
func (c *Conn) Query(ctx context.Context, sql string, args ...any) (Rows, error) { return nil, nil }
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) Row        { return nil }

type Beginner interface {
	Begin(ctx context.Context) (Tx, error)
}

type TxBeginner interface {
	BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error)
}

func BeginFunc(ctx context.Context, db Beginner, fn func(Tx) error) error { return nil }

func BeginTxFunc(ctx context.Context, db TxBeginner, txOptions TxOptions, fn func(Tx) error) error {
	return nil
}

// CollectableRow is the row a RowToFunc reads.
type CollectableRow interface {
	Scan(dest ...any) error
}

// RowToFunc turns one row into a T.
type RowToFunc[T any] func(row CollectableRow) (T, error)

// RowToStructByName scans a row into a struct by column name.
func RowToStructByName[T any](row CollectableRow) (T, error) {
	var t T
	return t, nil
}

// CollectOneRow reads the first row and closes rows; ErrNoRows when
// there is none.
func CollectOneRow[T any](rows Rows, fn RowToFunc[T]) (T, error) {
	var t T
	return t, nil
}

// CollectExactlyOneRow is CollectOneRow that also fails on a second row.
func CollectExactlyOneRow[T any](rows Rows, fn RowToFunc[T]) (T, error) {
	var t T
	return t, nil
}
