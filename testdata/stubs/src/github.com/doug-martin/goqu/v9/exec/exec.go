// Package exec is a minimal stub of github.com/doug-martin/goqu/v9/exec.
package exec

import "database/sql"

type QueryExecutor struct{}

func (q QueryExecutor) Exec() (sql.Result, error)              { return nil, nil }
func (q QueryExecutor) ScanStruct(i interface{}) (bool, error) { return false, nil }
