// Package store mimics the code sqlc generates for MySQL on database/sql.
package store

import (
	"context"
	"database/sql"
	"strings"

	"tracedsqlc/tracing"
)

// Replica is the traced pool the handlers hand to the queries: the
// package that runs the statements sees the wrapper that implements DBTX.
type Replica = tracing.Replica

type DBTX interface {
	ExecContext(context.Context, string, ...interface{}) (sql.Result, error)
	QueryRowContext(context.Context, string, ...interface{}) *sql.Row
	QueryContext(context.Context, string, ...interface{}) (*sql.Rows, error)
}

type Queries struct{}

type Account struct {
	ID     string
	Email  string
	Status string
}

const findAccountByEmail = `-- name: FindAccountByEmail :one
SELECT id, email, status FROM accounts WHERE email = ?
`

func (q *Queries) FindAccountByEmail(ctx context.Context, db DBTX, email string) (Account, error) {
	row := db.QueryRowContext(ctx, findAccountByEmail, email)
	var a Account
	err := row.Scan(&a.ID, &a.Email, &a.Status)
	return a, err
}

const insertAccount = `-- name: InsertAccount :exec
INSERT INTO accounts (id, email) VALUES (?, ?)
`

func (q *Queries) InsertAccount(ctx context.Context, db DBTX, id, email string) error {
	_, err := db.ExecContext(ctx, insertAccount, id, email)
	return err
}

const insertAccountIgnore = `-- name: InsertAccountIgnore :exec
INSERT IGNORE INTO accounts (id, email) VALUES (?, ?)
`

func (q *Queries) InsertAccountIgnore(ctx context.Context, db DBTX, id, email string) error {
	_, err := db.ExecContext(ctx, insertAccountIgnore, id, email)
	return err
}

// Query is the package-level Queries the handlers call, as unkey's db.Query.
var Query = &Queries{}

const activateAccount = `-- name: ActivateAccount :exec
UPDATE accounts SET status = 'active' WHERE id = ?
`

func (q *Queries) ActivateAccount(ctx context.Context, db DBTX, id string) error {
	_, err := db.ExecContext(ctx, activateAccount, id)
	return err
}

const findAccountsByEmails = `-- name: FindAccountsByEmails :many
SELECT id, email, status FROM accounts WHERE email IN (/*SLICE:emails*/?)
`

// FindAccountsByEmails expands its slice parameter into the text, as sqlc
// does on MySQL and SQLite: the statement run is the constant rewritten.
func (q *Queries) FindAccountsByEmails(ctx context.Context, db DBTX, emails []string) ([]Account, error) {
	query := findAccountsByEmails
	var queryParams []interface{}
	if len(emails) > 0 {
		for _, v := range emails {
			queryParams = append(queryParams, v)
		}
		query = strings.Replace(query, "/*SLICE:emails*/?", strings.Repeat(",?", len(emails))[1:], 1)
	} else {
		query = strings.Replace(query, "/*SLICE:emails*/?", "NULL", 1)
	}
	rows, err := db.QueryContext(ctx, query, queryParams...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []Account
	for rows.Next() {
		var a Account
		if err := rows.Scan(&a.ID, &a.Email, &a.Status); err != nil {
			return nil, err
		}
		items = append(items, a)
	}
	return items, rows.Err()
}
