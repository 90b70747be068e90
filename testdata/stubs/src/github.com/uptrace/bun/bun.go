// Package bun is a stub of github.com/uptrace/bun.
package bun

import (
	"context"
	"database/sql"
)

type DB struct{ *sql.DB }

type Tx struct{ *sql.Tx }

type IDB interface {
	NewSelect() *SelectQuery
	NewInsert() *InsertQuery
}

func (db *DB) NewSelect() *SelectQuery                                      { return nil }
func (db *DB) NewInsert() *InsertQuery                                      { return nil }
func (db *DB) NewUpdate() *UpdateQuery                                      { return nil }
func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error) { return Tx{}, nil }
func (db *DB) RunInTx(ctx context.Context, opts *sql.TxOptions, f func(ctx context.Context, tx Tx) error) error {
	return nil
}

func (tx Tx) NewSelect() *SelectQuery { return nil }
func (tx Tx) NewInsert() *InsertQuery { return nil }
func (tx Tx) Commit() error           { return nil }
func (tx Tx) Rollback() error         { return nil }

type SelectQuery struct{}

func (q *SelectQuery) Model(model interface{}) *SelectQuery                 { return q }
func (q *SelectQuery) Table(tables ...string) *SelectQuery                  { return q }
func (q *SelectQuery) Where(query string, args ...interface{}) *SelectQuery { return q }
func (q *SelectQuery) For(s string, args ...interface{}) *SelectQuery       { return q }
func (q *SelectQuery) Exists(ctx context.Context) (bool, error)             { return false, nil }
func (q *SelectQuery) Count(ctx context.Context) (int, error)               { return 0, nil }
func (q *SelectQuery) Scan(ctx context.Context, dest ...interface{}) error  { return nil }

type InsertQuery struct{}

func (q *InsertQuery) Model(model interface{}) *InsertQuery          { return q }
func (q *InsertQuery) On(s string, args ...interface{}) *InsertQuery { return q }
func (q *InsertQuery) Ignore() *InsertQuery                          { return q }
func (q *InsertQuery) Exec(ctx context.Context, dest ...interface{}) (sql.Result, error) {
	return nil, nil
}

type UpdateQuery struct{}

func (q *UpdateQuery) Model(model interface{}) *UpdateQuery { return q }
func (q *UpdateQuery) Exec(ctx context.Context, dest ...interface{}) (sql.Result, error) {
	return nil, nil
}

func (tx Tx) NewUpdate() *UpdateQuery { return nil }

func (q *UpdateQuery) Set(query string, args ...interface{}) *UpdateQuery   { return q }
func (q *UpdateQuery) Where(query string, args ...interface{}) *UpdateQuery { return q }

// BaseModel is embedded in a model; its tag names the table.
type BaseModel struct{}

func (q *UpdateQuery) Column(columns ...string) *UpdateQuery        { return q }
func (q *UpdateQuery) ExcludeColumn(columns ...string) *UpdateQuery { return q }
func (q *UpdateQuery) WherePK(cols ...string) *UpdateQuery          { return q }
func (q *SelectQuery) Column(columns ...string) *SelectQuery        { return q }
func (q *SelectQuery) Order(orders ...string) *SelectQuery          { return q }
func (q *SelectQuery) Limit(n int) *SelectQuery                     { return q }
