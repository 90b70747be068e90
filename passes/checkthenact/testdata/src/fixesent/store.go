// Package fixesent queries in SQL the tables an ent schema declares
// (ent/schema): the fix is offered where the schema makes the twin's row
// conflict, and the message names the missing index where it does not.
package fixesent

import (
	"context"
	"database/sql"
)

func addUser(ctx context.Context, db *sql.DB, email string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM users WHERE email = $1`, email).Scan(&n); err != nil { // want `check-then-act race: [^;]*$`
		return err
	}
	if n == 0 {
		_, err := db.ExecContext(ctx, `INSERT INTO users (email, name) VALUES ($1, $1)`, email)
		return err
	}
	return nil
}

// The composite index covers both columns the check looks up.
func addMember(ctx context.Context, db *sql.DB, org, login string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM members WHERE org = $1 AND login = $2`, org, login).Scan(&n); err != nil { // want `check-then-act race: [^;]*$`
		return err
	}
	if n == 0 {
		_, err := db.ExecContext(ctx, `INSERT INTO members (org, login) VALUES ($1, $2)`, org, login)
		return err
	}
	return nil
}

// The annotation names the table, and StorageKey the column.
func addInvite(ctx context.Context, db *sql.DB, code string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM invitations WHERE code = $1`, code).Scan(&n); err != nil { // want `check-then-act race: [^;]*$`
		return err
	}
	if n == 0 {
		_, err := db.ExecContext(ctx, `INSERT INTO invitations (code) VALUES ($1)`, code)
		return err
	}
	return nil
}

// No fix: subscribers.email is not unique in the ent schema.
func addSubscriber(ctx context.Context, db *sql.DB, email string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM subscribers WHERE email = $1`, email).Scan(&n); err != nil { // want `; no fix: ent/schema/schema.go declares no unique constraint on subscribers \(email\), so a conditional insert would store both rows; add one first \(CREATE UNIQUE INDEX CONCURRENTLY subscribers_email_key ON subscribers \(email\)\), or claim the key with runtime/claim$`
		return err
	}
	if n == 0 {
		_, err := db.ExecContext(ctx, `INSERT INTO subscribers (email) VALUES ($1)`, email)
		return err
	}
	return nil
}

// No fix: only one of the two columns is looked up, and members is unique
// on both together.
func addMemberByLogin(ctx context.Context, db *sql.DB, login string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM members WHERE login = $1`, login).Scan(&n); err != nil { // want `; no fix: ent/schema/schema.go declares no unique constraint on members \(login\)`
		return err
	}
	if n == 0 {
		_, err := db.ExecContext(ctx, `INSERT INTO members (org, login) VALUES ('', $1)`, login)
		return err
	}
	return nil
}

// No fix: the unique index on coupons has a WHERE annotation.
func addCoupon(ctx context.Context, db *sql.DB, code string) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM coupons WHERE code = $1`, code).Scan(&n); err != nil { // want `; no fix: the unique index on coupons in ent/schema/schema.go is partial`
		return err
	}
	if n == 0 {
		_, err := db.ExecContext(ctx, `INSERT INTO coupons (code) VALUES ($1)`, code)
		return err
	}
	return nil
}
