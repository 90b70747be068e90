// Package fixesreturning has check-then-insert pairs whose insert returns
// the row it made (INSERT ... RETURNING, scanned): made conditional, a
// twin's insert returns no row, and the fix answers that outcome as the
// check's present branch does.
package fixesreturning

import (
	"context"
	"database/sql"
	"errors"
	"log"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

var ErrTaken = errors.New("e-mail taken")

// Find-or-create: the present branch returns what the check read, so the
// loser reads the winner's row with the check's own lookup.
func orderID(ctx context.Context, pool *pgxpool.Pool, key string) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM orders WHERE key = $1`, key).Scan(&id) // want `check-then-act race: [^;]*$`
	if err == nil {
		return id, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return 0, err
	}
	err = pool.QueryRow(ctx, `INSERT INTO orders (key) VALUES ($1) RETURNING id`, key).Scan(&id)
	return id, err
}

// The present branch answers with a sentinel: the loser gets it too.
func register(ctx context.Context, db *sql.DB, email string) (int64, error) {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM accounts WHERE email = $1`, email).Scan(&n); err != nil { // want `check-then-act race: [^;]*$`
		return 0, err
	}
	if n > 0 {
		return 0, ErrTaken
	}
	var id int64
	err := db.QueryRowContext(ctx, `INSERT INTO accounts (email) VALUES ($1) RETURNING id`, email).Scan(&id)
	if err != nil {
		return 0, err
	}
	return id, nil
}

// No fix: the present branch also logs, which a repeated answer would
// leave out.
func issue(ctx context.Context, db *sql.DB, code string) (int64, error) {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM tickets WHERE code = $1`, code).Scan(&n); err != nil { // want `; no fix: with ON CONFLICT DO NOTHING a twin's insert returns no row, and Scan's ErrNoRows must then be answered as the check answers a found row; the check's present branch is not one return statement that can be repeated after the insert$`
		return 0, err
	}
	if n > 0 {
		log.Printf("ticket %s issued twice", code)
		return 0, ErrTaken
	}
	var id int64
	err := db.QueryRowContext(ctx, `INSERT INTO tickets (code, event) VALUES ($1, 'x') RETURNING id`, code).Scan(&id)
	return id, err
}

// No fix: the check looks up code and event, the key is code alone: a
// conflict does not mean the check would find a row.
func issueFor(ctx context.Context, db *sql.DB, code, event string) (int64, error) {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM tickets WHERE code = $1 AND event = $2`, code, event).Scan(&n); err != nil { // want `; no fix: with ON CONFLICT DO NOTHING a twin's insert returns no row, and Scan's ErrNoRows must then be answered as the check answers a found row, and a conflict on the unique key \(code\) does not mean the check \(code, event\) would find a row$`
		return 0, err
	}
	if n > 0 {
		return 0, ErrTaken
	}
	var id int64
	err := db.QueryRowContext(ctx, `INSERT INTO tickets (code, event) VALUES ($1, $2) RETURNING id`, code, event).Scan(&id)
	return id, err
}

// No fix: the insert's Scan is an if's init, with no statement after it
// to answer the no-row outcome in.
func join(ctx context.Context, db *sql.DB, org, login string) (int64, error) {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM members WHERE org = $1 AND login = $2`, org, login).Scan(&n); err != nil { // want `; no fix: with ON CONFLICT DO NOTHING a twin's insert returns no row, and Scan's ErrNoRows must then be answered as the check answers a found row; the insert is not an .err = QueryRow\(...\).Scan\(...\). statement here$`
		return 0, err
	}
	if n > 0 {
		return 0, ErrTaken
	}
	var id int64
	if err := db.QueryRowContext(ctx, `INSERT INTO members (org, login) VALUES ($1, $2) RETURNING id`, org, login).Scan(&id); err != nil {
		return 0, err
	}
	return id, nil
}
