// Package bob is a minimal stub of github.com/stephenafamo/bob.
package bob

import (
	"context"
	"database/sql"
	"io"

	"github.com/stephenafamo/scan"
)

type Executor interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

type Expression interface {
	WriteSQL(ctx context.Context, w io.Writer, start int) ([]any, error)
}

type Query interface {
	Expression
}

type Mod[T any] interface {
	Apply(T)
}

type BaseQuery[E Expression] struct{ Expression E }

func (b BaseQuery[E]) WriteSQL(ctx context.Context, w io.Writer, start int) ([]any, error) {
	return nil, nil
}
func (b BaseQuery[E]) Exec(ctx context.Context, exec Executor) (sql.Result, error) { return nil, nil }

func One[T any](ctx context.Context, exec Executor, q Query, m scan.Mapper[T]) (T, error) {
	var t T
	return t, nil
}

func Exec(ctx context.Context, exec Executor, q Query) (sql.Result, error) { return nil, nil }
