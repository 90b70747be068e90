// Package bun is a minimal stub of github.com/uptrace/bun.
package bun

import (
	"context"
	"database/sql"
)

type DB struct{}

type Tx struct {
	ctx context.Context
	db  *DB
}

type InsertQuery struct{}
type UpdateQuery struct{}

func (db *DB) NewInsert() *InsertQuery { return nil }
func (db *DB) NewUpdate() *UpdateQuery { return nil }
func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error) {
	return Tx{}, nil
}
func (db *DB) RunInTx(
	ctx context.Context, opts *sql.TxOptions, fn func(ctx context.Context, tx Tx) error,
) error {
	return nil
}

func (tx Tx) NewInsert() *InsertQuery { return nil }
func (tx Tx) NewUpdate() *UpdateQuery { return nil }
func (tx Tx) Commit() error           { return nil }
func (tx Tx) Rollback() error         { return nil }

func (q *InsertQuery) Model(model interface{}) *InsertQuery          { return q }
func (q *InsertQuery) On(s string, args ...interface{}) *InsertQuery { return q }
func (q *InsertQuery) Ignore() *InsertQuery                          { return q }
func (q *InsertQuery) Exec(ctx context.Context, dest ...interface{}) (sql.Result, error) {
	return nil, nil
}

func (q *UpdateQuery) Model(model interface{}) *UpdateQuery                 { return q }
func (q *UpdateQuery) Set(query string, args ...interface{}) *UpdateQuery   { return q }
func (q *UpdateQuery) Where(query string, args ...interface{}) *UpdateQuery { return q }
func (q *UpdateQuery) Exec(ctx context.Context, dest ...interface{}) (sql.Result, error) {
	return nil, nil
}
