// Package squirrel is a minimal stub of github.com/Masterminds/squirrel.
package squirrel

import (
	"context"
	"database/sql"
)

type BaseRunner interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
	Query(query string, args ...interface{}) (*sql.Rows, error)
}

type RowScanner interface {
	Scan(...interface{}) error
}

type Eq map[string]interface{}

type PlaceholderFormat interface{}

var Dollar PlaceholderFormat

type StatementBuilderType struct{}

var StatementBuilder StatementBuilderType

func (b StatementBuilderType) PlaceholderFormat(f PlaceholderFormat) StatementBuilderType { return b }
func (b StatementBuilderType) Select(columns ...string) SelectBuilder                     { return SelectBuilder{} }
func (b StatementBuilderType) Insert(into string) InsertBuilder                           { return InsertBuilder{} }

func Select(columns ...string) SelectBuilder { return SelectBuilder{} }
func Insert(into string) InsertBuilder       { return InsertBuilder{} }

type SelectBuilder struct{}

func (b SelectBuilder) From(from string) SelectBuilder                            { return b }
func (b SelectBuilder) Where(pred interface{}, args ...interface{}) SelectBuilder { return b }
func (b SelectBuilder) Suffix(sql string, args ...interface{}) SelectBuilder      { return b }
func (b SelectBuilder) RunWith(runner BaseRunner) SelectBuilder                   { return b }
func (b SelectBuilder) QueryRow() RowScanner                                      { return nil }
func (b SelectBuilder) QueryRowContext(ctx context.Context) RowScanner            { return nil }
func (b SelectBuilder) ToSql() (string, []interface{}, error)                     { return "", nil, nil }

type InsertBuilder struct{}

func (b InsertBuilder) Columns(columns ...string) InsertBuilder              { return b }
func (b InsertBuilder) Values(values ...interface{}) InsertBuilder           { return b }
func (b InsertBuilder) Suffix(sql string, args ...interface{}) InsertBuilder { return b }
func (b InsertBuilder) RunWith(runner BaseRunner) InsertBuilder              { return b }
func (b InsertBuilder) Exec() (sql.Result, error)                            { return nil, nil }
func (b InsertBuilder) ExecContext(ctx context.Context) (sql.Result, error)  { return nil, nil }
func (b InsertBuilder) ToSql() (string, []interface{}, error)                { return "", nil, nil }
func (b InsertBuilder) QueryRowContext(ctx context.Context) RowScanner       { return nil }

// Sqlizer is what every builder and condition implements.
type Sqlizer interface {
	ToSql() (string, []interface{}, error)
}

func (eq Eq) ToSql() (string, []interface{}, error) { return "", nil, nil }

type And []Sqlizer

func (a And) ToSql() (string, []interface{}, error) { return "", nil, nil }

func Expr(sql string, args ...interface{}) Sqlizer { return nil }

func (b InsertBuilder) SetMap(clauses map[string]interface{}) InsertBuilder { return b }

func Update(table string) UpdateBuilder { return UpdateBuilder{} }

type UpdateBuilder struct{}

func (b UpdateBuilder) Set(column string, value interface{}) UpdateBuilder        { return b }
func (b UpdateBuilder) SetMap(clauses map[string]interface{}) UpdateBuilder       { return b }
func (b UpdateBuilder) Where(pred interface{}, args ...interface{}) UpdateBuilder { return b }
func (b UpdateBuilder) ToSql() (string, []interface{}, error)                     { return "", nil, nil }
