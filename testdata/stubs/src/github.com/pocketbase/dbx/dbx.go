// Package dbx is a stub of github.com/pocketbase/dbx's API.
package dbx

import (
	"context"
	"database/sql"
)

type Params map[string]any

type Expression interface {
	Build(db *DB, params Params) string
}

type HashExp map[string]any

func (e HashExp) Build(db *DB, params Params) string { return "" }

type Builder interface {
	NewQuery(string) *Query
	Select(...string) *SelectQuery
	Insert(table string, cols Params) *Query
	Upsert(table string, cols Params, constraints ...string) *Query
	Update(table string, cols Params, where Expression) *Query
	Delete(table string, where Expression) *Query
}

type DB struct {
	Builder
}

func (db *DB) Begin() (*Tx, error)                   { return nil, nil }
func (db *DB) Transactional(f func(*Tx) error) error { return f(nil) }

type Tx struct {
	Builder
}

func (tx *Tx) Commit() error   { return nil }
func (tx *Tx) Rollback() error { return nil }

type Query struct{}

func (q *Query) Bind(params Params) *Query              { return q }
func (q *Query) WithContext(ctx context.Context) *Query { return q }
func (q *Query) Execute() (sql.Result, error)           { return nil, nil }
func (q *Query) One(a interface{}) error                { return nil }
func (q *Query) All(slice interface{}) error            { return nil }
func (q *Query) Row(a ...interface{}) error             { return nil }
func (q *Query) Column(a interface{}) error             { return nil }

type SelectQuery struct{}

func (s *SelectQuery) From(tables ...string) *SelectQuery { return s }
func (s *SelectQuery) Where(e Expression) *SelectQuery    { return s }
func (s *SelectQuery) AndWhere(e Expression) *SelectQuery { return s }
func (s *SelectQuery) One(a interface{}) error            { return nil }
func (s *SelectQuery) All(slice interface{}) error        { return nil }
func (s *SelectQuery) Row(a ...interface{}) error         { return nil }
func (s *SelectQuery) Column(a interface{}) error         { return nil }
