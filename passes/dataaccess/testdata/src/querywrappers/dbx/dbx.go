// Package dbx wraps a transaction the way services do: every method takes // want package:"field writes known"
// the SQL text from its caller.
package dbx

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"strings"
)

type Trx struct {
	tx    *sql.Tx
	ctx   context.Context
	debug bool
}

var formatter = strings.NewReplacer("\t", "", "\n", " ")

// Exists runs the caller's query on the transaction it holds.
func (trx *Trx) Exists(command string, args ...any) (bool, error) { // want Exists:"^none .* handle=-1/tx .* sqlparam=0$"
	if trx.debug {
		command = formatter.Replace(command) // the text is still the caller's statement
		defer func() { log.Print(command) }()
	}
	rows, err := trx.tx.QueryContext(trx.ctx, command, args...)
	if err != nil {
		return false, err
	}
	defer rows.Close()
	return rows.Next(), nil
}

// Execute runs the caller's command and answers rows affected.
func (trx *Trx) Execute(command string, args ...any) (int64, error) { // want Execute:"^none .* handle=-1/tx .* sqlparam=0$"
	res, err := trx.tx.ExecContext(trx.ctx, command, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Get's SQL text is its second parameter.
func (trx *Trx) Get(dest any, command string, args ...any) error { // want Get:"^none .* sqlparam=1$"
	return trx.tx.QueryRowContext(trx.ctx, command, args...).Scan(dest)
}

// Run hands the caller's text on to another wrapper: it is one too.
func Run(trx *Trx, command string, args ...any) error { // want Run:"^none .* sqlparam=1$"
	_, err := trx.Execute(strings.TrimSpace(command), args...)
	return err
}

// Near miss: the string parameter is a log message, not the SQL text.
func (trx *Trx) Touch(reason string, id int64) error { // want Touch:"^update table=\"session\""
	log.Print(reason)
	_, err := trx.tx.ExecContext(trx.ctx, "UPDATE sessions SET seen_at = now() WHERE id = $1", id)
	return err
}

// Near miss: the parameter is a table name inside the text; the text the
// wrapper builds is the statement, and the caller's string is no SQL.
func (trx *Trx) CountIn(table string, id int64) (int, error) { // want CountIn:"^exists table=\"\""
	var n int
	err := trx.tx.QueryRowContext(trx.ctx, fmt.Sprintf("SELECT count(*) FROM %s WHERE id = $1", table), id).Scan(&n)
	return n, err
}

// Near miss: two parameters run as text; which one a caller's statement
// goes to is no one answer.
func (trx *Trx) Either(first, second string, useFirst bool) error {
	q := first
	if !useFirst {
		q = second
	}
	_, err := trx.tx.ExecContext(trx.ctx, q)
	return err
}

// Near miss: a closure it runs may replace the text.
func (trx *Trx) Rewritten(command string, fix func()) error {
	fix = func() { command = "SELECT 1" }
	fix()
	_, err := trx.tx.ExecContext(trx.ctx, command)
	return err
}
