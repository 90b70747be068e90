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

// QueryerContext is what runs a query: a DB, a Tx or a Conn.
type QueryerContext interface {
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error)
	QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row
}

// ExecerContext is what runs a statement.
type ExecerContext interface {
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
}

// ExtContext is either a DB or a Tx.
type ExtContext interface {
	QueryerContext
	ExecerContext
}

// GetContext runs the query on q and scans its row into dest.
func GetContext(ctx context.Context, q QueryerContext, dest interface{}, query string, args ...interface{}) error {
	return nil
}

// Row is a row that scans into structs too.
type Row struct{}

func (r *Row) Scan(dest ...interface{}) error { return nil }

// Rows are rows that scan into structs too.
type Rows struct{ sql.Rows }

func (db *DB) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}

func (db *DB) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return nil
}

func (tx *Tx) QueryxContext(ctx context.Context, query string, args ...interface{}) (*Rows, error) {
	return nil, nil
}

func (tx *Tx) QueryRowxContext(ctx context.Context, query string, args ...interface{}) *Row {
	return nil
}
