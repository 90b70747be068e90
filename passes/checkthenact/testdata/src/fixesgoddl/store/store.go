// Package store inserts into tables that package migrate creates.
package store

import "database/sql"

// The unique index on accounts.email is created in migrate's Go code: the
// fix is offered.
func Register(db *sql.DB, email string) error {
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM accounts WHERE email = $1`, email).Scan(&n); err != nil { // want `check-then-act race`
		return err
	}
	if n == 0 {
		_, err := db.Exec(`INSERT INTO accounts (email) VALUES ($1)`, email)
		return err
	}
	return nil
}

// Near miss: migrate's Go code creates ledger without a unique key (only
// its test adds one), so no edit; the message names the file and the
// index to add.
func Record(db *sql.DB, key string) error {
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM ledger WHERE key = $1`, key).Scan(&n); err != nil { // want `check-then-act race.*; no fix: migrate/migrate.go declares no unique constraint on ledger \(key\)`
		return err
	}
	if n == 0 {
		_, err := db.Exec(`INSERT INTO ledger (key) VALUES ($1)`, key)
		return err
	}
	return nil
}

// Near miss: the only DDL for invites joins its name from a variable, so
// the table is undeclared and no edit is made.
func Invite(db *sql.DB, code string) error {
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM app_invites WHERE code = $1`, code).Scan(&n); err != nil { // want `check-then-act race.*; no fix: no schema idemvet reads declares app_invites`
		return err
	}
	if n == 0 {
		_, err := db.Exec(`INSERT INTO app_invites (code) VALUES ($1)`, code)
		return err
	}
	return nil
}
