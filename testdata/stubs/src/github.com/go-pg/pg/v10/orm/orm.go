// Package orm is a minimal stub of github.com/go-pg/pg/v10/orm.
package orm

type Result interface{ RowsAffected() int }

type Query struct{}

func (q *Query) Where(condition string, params ...interface{}) *Query { return q }
func (q *Query) OnConflict(s string, params ...interface{}) *Query    { return q }
func (q *Query) For(s string, params ...interface{}) *Query           { return q }
func (q *Query) Select(values ...interface{}) error                   { return nil }
func (q *Query) Exists() (bool, error)                                { return false, nil }
func (q *Query) Insert(values ...interface{}) (Result, error)         { return nil, nil }
