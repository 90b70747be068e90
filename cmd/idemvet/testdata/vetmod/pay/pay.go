// Package pay is what the go vet and go fix tests run idemvet on. Trailing
// upper-case markers say what a default run reports (FINDING), what only
// -exists and -insert make it report (FLAGS), and which directive is unused
// (UNUSED).
package pay

import (
	"context"
	"database/sql"
)

// Charge checks, then inserts: two concurrent requests both insert.
func Charge(ctx context.Context, db *sql.DB, key string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM payments WHERE key = $1)`, key).Scan(&exists); err != nil { // FINDING
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO payments (key) VALUES ($1)`, key)
		return err
	}
	return nil
}

// Refund races the same way; the directive silences it.
func Refund(ctx context.Context, db *sql.DB, key string) error {
	var exists bool
	//idemvet:ignore checkthenact refunds are written by a single worker
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM refunds WHERE key = $1)`, key).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO refunds (key) VALUES ($1)`, key)
		return err
	}
	return nil
}

// Lookup only reads, so the directive on it silences nothing.
func Lookup(ctx context.Context, db *sql.DB, key string) (bool, error) {
	var exists bool
	err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM payments WHERE key = $1)`, key).Scan(&exists) //idemvet:ignore checkthenact read only // UNUSED
	return exists, err
}

// Ledger's method names mean nothing to idemvet until -exists and -insert
// name them.
type Ledger struct {
	seen   func(ctx context.Context, key string) (bool, error)
	record func(ctx context.Context, key string) error
}

func (l *Ledger) Seen(ctx context.Context, key string) (bool, error) { return l.seen(ctx, key) }

func (l *Ledger) Record(ctx context.Context, key string) error { return l.record(ctx, key) }

// Settle checks, then records, through the ledger.
func Settle(ctx context.Context, l *Ledger, key string) error {
	done, err := l.Seen(ctx, key) // FLAGS
	if err != nil || done {
		return err
	}
	return l.Record(ctx, key)
}
