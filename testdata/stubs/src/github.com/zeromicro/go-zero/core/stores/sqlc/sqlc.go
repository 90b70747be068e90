// Package sqlc is a stub of go-zero's core/stores/sqlc: a cached
// connection that runs the funcs it is given on its conn.
package sqlc

import (
	"context"
	"database/sql"

	"github.com/zeromicro/go-zero/core/stores/sqlx"
)

var ErrNotFound = sqlx.ErrNotFound

type (
	ExecCtxFn         func(ctx context.Context, conn sqlx.SqlConn) (sql.Result, error)
	IndexQueryCtxFn   func(ctx context.Context, conn sqlx.SqlConn, v any) (any, error)
	PrimaryQueryCtxFn func(ctx context.Context, conn sqlx.SqlConn, v, primary any) error
	QueryCtxFn        func(ctx context.Context, conn sqlx.SqlConn, v any) error
)

type CachedConn struct{ db sqlx.SqlConn }

func NewConn(db sqlx.SqlConn) CachedConn { return CachedConn{db: db} }

func (cc CachedConn) ExecCtx(ctx context.Context, exec ExecCtxFn, keys ...string) (sql.Result, error) {
	return exec(ctx, cc.db)
}

func (cc CachedConn) QueryRowCtx(ctx context.Context, v any, key string, query QueryCtxFn) error {
	return query(ctx, cc.db, v)
}

func (cc CachedConn) QueryRowIndexCtx(ctx context.Context, v any, key string, keyer func(primary any) string,
	indexQuery IndexQueryCtxFn, primaryQuery PrimaryQueryCtxFn) error {
	_, err := indexQuery(ctx, cc.db, v)
	return err
}

func (cc CachedConn) ExecNoCacheCtx(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return cc.db.ExecCtx(ctx, q, args...)
}

func (cc CachedConn) QueryRowNoCacheCtx(ctx context.Context, v any, q string, args ...any) error {
	return cc.db.QueryRowCtx(ctx, v, q, args...)
}

func (cc CachedConn) TransactCtx(ctx context.Context, fn func(context.Context, sqlx.Session) error) error {
	return cc.db.TransactCtx(ctx, fn)
}
