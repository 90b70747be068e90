// Package store is a ledger whose transfers carry a unique reference: a
// second insert of one reference fails with a unique violation.
package store

import (
	"context"
	"database/sql"
	"net/http"
	"strings"

	"github.com/google/uuid"
)

type Transfer struct {
	Reference string
	Account   string
	Amount    int64
}

type Ledger struct{ db *sql.DB }

// Record inserts the transfer under a minted id and adds to the balance.
func (l *Ledger) Record(ctx context.Context, t Transfer) error {
	if _, err := l.db.ExecContext(ctx, `INSERT INTO transfers (id, reference, amount) VALUES ($1, $2, $3)`, uuid.NewString(), t.Reference, t.Amount); err != nil {
		return err
	}
	_, err := l.db.ExecContext(ctx, `UPDATE balances SET amount = amount + $1 WHERE account = $2`, t.Amount, t.Account)
	return err
}

// Reject records a refused transfer under a minted id.
func (l *Ledger) Reject(ctx context.Context, t Transfer) error {
	_, err := l.db.ExecContext(ctx, `INSERT INTO rejections (id, reference) VALUES ($1, $2)`, uuid.NewString(), t.Reference)
	return err
}

// RejectAndNotify records a refused transfer and tells the account's
// owner's webhook.
func (l *Ledger) RejectAndNotify(ctx context.Context, t Transfer) error {
	if err := l.Reject(ctx, t); err != nil {
		return err
	}
	_, err := http.Post("https://hooks.example/rejected", "text/plain", strings.NewReader(t.Reference))
	return err
}

// IsDuplicateReference reports whether err is the unique violation of a
// transfer's reference.
func IsDuplicateReference(err error) bool {
	return err != nil && strings.Contains(err.Error(), "duplicate key value") && strings.Contains(err.Error(), "reference")
}

// Apply settles a pending transfer: it reads it, adds it to the balance
// and deletes it; a settlement recorded twice fails on the reference
// deeper down. Its body mixes kinds.
func (l *Ledger) Apply(ctx context.Context, t Transfer) error {
	var pending int64
	if err := l.db.QueryRowContext(ctx, `SELECT amount FROM pending WHERE reference = $1`, t.Reference).Scan(&pending); err != nil {
		return err
	}
	if _, err := l.db.ExecContext(ctx, `UPDATE balances SET amount = amount + $1 WHERE account = $2`, pending, t.Account); err != nil {
		return err
	}
	_, err := l.db.ExecContext(ctx, `DELETE FROM pending WHERE reference = $1`, t.Reference)
	return err
}

// RecordOnce answers its own insert's unique violation: a transfer
// recorded before is done.
func (l *Ledger) RecordOnce(ctx context.Context, t Transfer) error {
	_, err := l.db.ExecContext(ctx, `INSERT INTO transfers (id, reference, amount) VALUES ($1, $2, $3)`, uuid.NewString(), t.Reference, t.Amount)
	if IsDuplicateReference(err) {
		return nil
	}
	return err
}
