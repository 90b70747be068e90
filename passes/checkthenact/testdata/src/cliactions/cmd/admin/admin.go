// Package admin holds a command line's actions, declared to be of a func
// type named for them: the command runs one per invocation.
package admin

import (
	"context"
	"database/sql"
)

// Action is one subcommand's work.
type Action func(ctx context.Context) error

var (
	_ Action = CreateAccount
	_ Action = ListAccounts
)

var db *sql.DB

// name is the account the operator named on the command line.
var name string

// CreateAccount makes the account the operator named when it is missing.
func CreateAccount(ctx context.Context) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM accounts WHERE name = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO accounts (name) VALUES ($1)`, name)
		return err
	}
	return nil
}

// ListAccounts prints the accounts.
func ListAccounts(ctx context.Context) error {
	_, err := db.QueryContext(ctx, `SELECT name FROM accounts`)
	return err
}

// Near miss: the same work in a function no declaration makes an action;
// a server may call it for requests.
func CreateGuest(ctx context.Context) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM accounts WHERE name = $1)`, name).Scan(&exists); err != nil { // want `check-then-act race`
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO accounts (name) VALUES ($1)`, name)
		return err
	}
	return nil
}
