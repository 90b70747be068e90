// Package claimstore is a repository whose methods other packages call;
// their facts tell claimtx which is a claim and which a write.
package claimstore

import (
	"context"
	"database/sql"
)

type Store struct {
	db *sql.DB
}

type Order struct {
	ID     int64
	Amount int64
}

// MarkProcessed records the event on the store's pool.
func (s *Store) MarkProcessed(ctx context.Context, eventID string) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO processed_events (event_id) VALUES ($1)", eventID)
	return err
}

// ClaimTx records the key on the caller's transaction.
func (s *Store) ClaimTx(ctx context.Context, tx *sql.Tx, key string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key)
	return err
}

// SaveOrderTx writes the order on the caller's transaction.
func (s *Store) SaveOrderTx(ctx context.Context, tx *sql.Tx, o Order) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO orders (id, amount) VALUES ($1, $2)", o.ID, o.Amount)
	return err
}

// CreateOrder writes the order and its audit row in a transaction of
// its own, committed before it returns.
func (s *Store) CreateOrder(ctx context.Context, o Order) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO orders (id, amount) VALUES ($1, $2)", o.ID, o.Amount); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, "INSERT INTO order_audit (order_id) VALUES ($1)", o.ID); err != nil {
		return err
	}
	return tx.Commit()
}

// Execer is what both *sql.DB and *sql.Tx offer.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// Claim records the key on whatever handle it is given.
func Claim(ctx context.Context, ex Execer, key string) error {
	_, err := ex.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key)
	return err
}
