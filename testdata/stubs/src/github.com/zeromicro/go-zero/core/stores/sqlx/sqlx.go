// Package sqlx is a stub of go-zero's core/stores/sqlx: the signatures
// the fixtures call.
package sqlx

import (
	"context"
	"database/sql"
	"errors"
)

var ErrNotFound = errors.New("sql: no rows in result set")

type Session interface {
	Exec(query string, args ...any) (sql.Result, error)
	ExecCtx(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryRow(v any, query string, args ...any) error
	QueryRowCtx(ctx context.Context, v any, query string, args ...any) error
	QueryRows(v any, query string, args ...any) error
	QueryRowsCtx(ctx context.Context, v any, query string, args ...any) error
}

type SqlConn interface {
	Session
	Transact(fn func(Session) error) error
	TransactCtx(ctx context.Context, fn func(context.Context, Session) error) error
}
