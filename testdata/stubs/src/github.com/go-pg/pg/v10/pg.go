// Package pg is a minimal stub of github.com/go-pg/pg/v10.
package pg

import (
	"context"
	"errors"

	"github.com/go-pg/pg/v10/orm"
)

var ErrNoRows = errors.New("pg: no rows in result set")

type Query = orm.Query

type baseDB struct{}

func (db *baseDB) Model(model ...interface{}) *Query { return nil }
func (db *baseDB) Exec(query interface{}, params ...interface{}) (orm.Result, error) {
	return nil, nil
}
func (db *baseDB) RunInTransaction(ctx context.Context, fn func(*Tx) error) error { return nil }

type DB struct{ *baseDB }

type Tx struct{}

func (tx *Tx) Model(model ...interface{}) *Query { return nil }
