// Package store is a repository the consumers call: its writes reach
// them through summary facts.
package store

import (
	"context"
	"database/sql"

	"github.com/google/uuid"
)

type Accounts struct{ db *sql.DB }

func (a *Accounts) AddBalance(ctx context.Context, id string, amount int64) error {
	_, err := a.db.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, amount, id)
	return err
}

func (a *Accounts) SetBalance(ctx context.Context, id string, balance int64) error {
	_, err := a.db.ExecContext(ctx, `UPDATE accounts SET balance = $1 WHERE id = $2`, balance, id)
	return err
}

// AddEntry mints the entry's id itself.
func (a *Accounts) AddEntry(ctx context.Context, account string, amount int64) error {
	_, err := a.db.ExecContext(ctx, `INSERT INTO entries (id, account_id, amount) VALUES ($1, $2, $3)`, uuid.NewString(), account, amount)
	return err
}

// AddEntryWithID takes the entry's id from its caller.
func (a *Accounts) AddEntryWithID(ctx context.Context, id, account string, amount int64) error {
	_, err := a.db.ExecContext(ctx, `INSERT INTO entries (id, account_id, amount) VALUES ($1, $2, $3)`, id, account, amount)
	return err
}

// AddEntryFor records the delivery id beside the entry, in a unique column.
func (a *Accounts) AddEntryFor(ctx context.Context, deliveryID, account string, amount int64) error {
	_, err := a.db.ExecContext(ctx, `INSERT INTO entries (delivery_id, account_id, amount) VALUES ($1, $2, $3)`, deliveryID, account, amount)
	return err
}
