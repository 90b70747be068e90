// Package dbx is a transaction wrapper whose methods run the SQL text
// their callers pass.
package dbx

import (
	"context"
	"database/sql"
	"strings"
)

type Trx struct {
	tx  *sql.Tx
	ctx context.Context
}

var formatter = strings.NewReplacer("\t", "", "\n", " ")

// Exists reports whether the caller's query finds a row.
func (trx *Trx) Exists(command string, args ...any) (bool, error) {
	rows, err := trx.tx.QueryContext(trx.ctx, formatter.Replace(command), args...)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	return rows.Next(), nil
}

// Execute runs the caller's command and answers rows affected.
func (trx *Trx) Execute(command string, args ...any) (int64, error) {
	res, err := trx.tx.ExecContext(trx.ctx, command, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Scalar scans the first column of the caller's query.
func (trx *Trx) Scalar(dest any, command string, args ...any) error {
	return trx.tx.QueryRowContext(trx.ctx, command, args...).Scan(dest)
}
