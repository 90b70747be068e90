// Package sqlx is a stub of github.com/jmoiron/sqlx.
package sqlx

import (
	"context"
	"database/sql"
)

type DB struct {
	*sql.DB
}

type Tx struct {
	*sql.Tx
}

func Connect(driverName, dataSourceName string) (*DB, error) { return nil, nil }

func (db *DB) Get(dest interface{}, query string, args ...interface{}) error { return nil }
func (db *DB) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (db *DB) Select(dest interface{}, query string, args ...interface{}) error { return nil }
func (db *DB) MustExec(query string, args ...interface{}) sql.Result            { return nil }
func (db *DB) NamedExec(query string, arg interface{}) (sql.Result, error)      { return nil, nil }
func (db *DB) Beginx() (*Tx, error)                                             { return nil, nil }
func (db *DB) BeginTxx(ctx context.Context, opts *sql.TxOptions) (*Tx, error)   { return nil, nil }

func (tx *Tx) Get(dest interface{}, query string, args ...interface{}) error { return nil }
func (tx *Tx) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (tx *Tx) MustExec(query string, args ...interface{}) sql.Result       { return nil }
func (tx *Tx) NamedExec(query string, arg interface{}) (sql.Result, error) { return nil, nil }

func Open(driverName, dataSourceName string) (*DB, error) { return nil, nil }

func (db *DB) MustBegin() *Tx { return nil }

// Rebind rewrites the ? placeholders of query for the driver's bind type.
func (db *DB) Rebind(query string) string { return query }
func (db *DB) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (db *DB) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}
func (tx *Tx) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}
