// Package notexists holds INSERT ... WHERE NOT EXISTS on PostgreSQL,
// which two concurrent statements both pass unless a unique key stops the
// second.
package notexists

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Two deliveries of one event both see no webhook row and both insert:
// nothing in the schema stops the second.
func recordWebhook(ctx context.Context, pool *pgxpool.Pool, eventID string) error {
	_, err := pool.Exec(ctx, `INSERT INTO webhooks (event_id) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM webhooks WHERE event_id = $1)`, eventID) // want `check-then-act race: INSERT ... WHERE NOT EXISTS is no single step in PostgreSQL: two concurrent statements both see no row in webhooks and both insert, and migrations/001_init.up.sql declares no unique key on event_id`
	return err
}

// Near miss: payments.key is unique, so the second insert fails instead
// of storing a twin.
func recordPayment(ctx context.Context, pool *pgxpool.Pool, key string) error {
	_, err := pool.Exec(ctx, `INSERT INTO payments (key) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM payments WHERE key = $1)`, key)
	return err
}

// Near miss: no schema in sight declares ledger; whether a key stops the
// twin cannot be told.
func recordLedger(ctx context.Context, pool *pgxpool.Pool, key string) error {
	_, err := pool.Exec(ctx, `INSERT INTO ledger (key) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM ledger WHERE key = $1)`, key)
	return err
}

// Near miss: the insert runs in a SERIALIZABLE transaction; one of two
// concurrent ones fails to commit.
func recordWebhookSerializable(ctx context.Context, pool *pgxpool.Pool, eventID string) error {
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.Serializable})
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO webhooks (event_id) SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM webhooks WHERE event_id = $1)`, eventID); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
