// Package pgxpool is a stub of github.com/jackc/pgx/v4/pgxpool.
package pgxpool

import (
	"context"

	"github.com/jackc/pgconn"
	"github.com/jackc/pgx/v4"
)

type Pool struct{}

func (p *Pool) Begin(ctx context.Context) (pgx.Tx, error)                 { return nil, nil }
func (p *Pool) BeginFunc(ctx context.Context, f func(pgx.Tx) error) error { return nil }
func (p *Pool) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return nil, nil
}
func (p *Pool) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row { return nil }
