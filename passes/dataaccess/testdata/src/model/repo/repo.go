// Package repo wraps single statements; the model exports what each does,
// which the call sites in package model show.
package repo

import (
	"context"
	"database/sql"
)

type Keys struct{ db *sql.DB }

func (k *Keys) Exists(ctx context.Context, key string) (bool, error) {
	var ok bool
	err := k.db.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM idempotency_keys WHERE key = $1)", key).Scan(&ok) // want `exists idempotencykey pool`
	return ok, err
}

func Claim(ctx context.Context, tx *sql.Tx, key string) error {
	_, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key) // want `conditional insert idempotencykey tx`
	return err
}

// Near miss: no data access, no fact.
func Format(key string) string { return "k:" + key }
