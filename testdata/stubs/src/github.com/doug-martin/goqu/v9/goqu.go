// Package goqu is a minimal stub of github.com/doug-martin/goqu/v9.
package goqu

import (
	"database/sql"

	"github.com/doug-martin/goqu/v9/exec"
	"github.com/doug-martin/goqu/v9/exp"
)

type Ex = exp.Ex

func New(dialect string, db *sql.DB) *Database { return nil }
func From(table ...interface{}) *SelectDataset { return nil }
func Insert(table interface{}) *InsertDataset  { return nil }
func T(table string) exp.IdentifierExpression  { return nil }
func DoNothing() exp.ConflictExpression        { return nil }

type Database struct{}

func (d *Database) From(from ...interface{}) *SelectDataset { return nil }
func (d *Database) Insert(table interface{}) *InsertDataset { return nil }

type SelectDataset struct{}

func (sd *SelectDataset) Where(expressions ...exp.Expression) *SelectDataset { return sd }
func (sd *SelectDataset) ForUpdate(waitOption exp.WaitOption, of ...exp.IdentifierExpression) *SelectDataset {
	return sd
}
func (sd *SelectDataset) ScanStruct(i interface{}) (bool, error) { return false, nil }
func (sd *SelectDataset) Count() (int64, error)                  { return 0, nil }

type InsertDataset struct{}

func (id *InsertDataset) Rows(rows ...interface{}) *InsertDataset                   { return id }
func (id *InsertDataset) OnConflict(conflict exp.ConflictExpression) *InsertDataset { return id }
func (id *InsertDataset) Executor() exec.QueryExecutor                              { return exec.QueryExecutor{} }
