// Package gorm is a stub of gorm.io/gorm.
package gorm

import (
	"context"
	"database/sql"
	"errors"

	"gorm.io/gorm/clause"
)

var (
	ErrRecordNotFound = errors.New("record not found")
	ErrDuplicatedKey  = errors.New("duplicated key not allowed")
)

type Dialector interface{}
type Config struct{}

type DB struct {
	Error        error
	RowsAffected int64
}

func Open(dialector Dialector, opts ...*Config) (db *DB, err error) { return nil, nil }

func (db *DB) WithContext(ctx context.Context) *DB                     { return db }
func (db *DB) Clauses(conds ...clause.Expression) (tx *DB)             { return db }
func (db *DB) Set(key string, value interface{}) (tx *DB)              { return db }
func (db *DB) Model(value interface{}) (tx *DB)                        { return db }
func (db *DB) Table(name string, args ...interface{}) (tx *DB)         { return db }
func (db *DB) Where(query interface{}, args ...interface{}) (tx *DB)   { return db }
func (db *DB) Not(query interface{}, args ...interface{}) (tx *DB)     { return db }
func (db *DB) Omit(columns ...string) (tx *DB)                         { return db }
func (db *DB) Select(query interface{}, args ...interface{}) (tx *DB)  { return db }
func (db *DB) Create(value interface{}) (tx *DB)                       { return db }
func (db *DB) Save(value interface{}) (tx *DB)                         { return db }
func (db *DB) First(dest interface{}, conds ...interface{}) (tx *DB)   { return db }
func (db *DB) Take(dest interface{}, conds ...interface{}) (tx *DB)    { return db }
func (db *DB) Find(dest interface{}, conds ...interface{}) (tx *DB)    { return db }
func (db *DB) Count(count *int64) (tx *DB)                             { return db }
func (db *DB) Update(column string, value interface{}) (tx *DB)        { return db }
func (db *DB) Updates(values interface{}) (tx *DB)                     { return db }
func (db *DB) Delete(value interface{}, conds ...interface{}) (tx *DB) { return db }
func (db *DB) Exec(sql string, values ...interface{}) (tx *DB)         { return db }
func (db *DB) Raw(sql string, values ...interface{}) (tx *DB)          { return db }
func (db *DB) Rows() (*sql.Rows, error)                                { return nil, nil }
func (db *DB) Scan(dest interface{}) (tx *DB)                          { return db }
func (db *DB) Begin(opts ...*sql.TxOptions) *DB                        { return db }
func (db *DB) Commit() *DB                                             { return db }
func (db *DB) Rollback() *DB                                           { return db }
func (db *DB) SavePoint(name string) *DB                               { return db }
func (db *DB) RollbackTo(name string) *DB                              { return db }
func (db *DB) Transaction(fc func(tx *DB) error, opts ...*sql.TxOptions) (err error) {
	return nil
}

func (db *DB) UpdateColumn(column string, value interface{}) (tx *DB) { return db }

// Expr is an SQL expression used as a value: gorm.Expr("n + ?", 1).
func Expr(expr string, args ...interface{}) clause.Expr { return clause.Expr{SQL: expr, Vars: args} }

// FirstOrCreate finds the first record matching conds, or creates one.
func (db *DB) FirstOrCreate(dest interface{}, conds ...interface{}) (tx *DB) { return db }

// FirstOrInit finds the first record matching conds, or fills dest.
func (db *DB) FirstOrInit(dest interface{}, conds ...interface{}) (tx *DB) { return db }

// Attrs sets the attributes a FirstOrCreate/FirstOrInit uses on creation.
func (db *DB) Attrs(attrs ...interface{}) (tx *DB) { return db }
func (db *DB) Unscoped() (tx *DB)                  { return db }

// Preload loads an association with the record.
func (db *DB) Preload(query string, args ...interface{}) (tx *DB) { return db }
