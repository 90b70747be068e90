package checkthenact

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// RecordWebhook asks whether the delivery was seen and records it when it
// was not: a redelivery racing the first delivery is processed twice.
func RecordWebhook(ctx context.Context, conn *pgx.Conn, deliveryID string, payload []byte) error {
	var seen bool
	if err := conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE delivery_id = $1)`, deliveryID).Scan(&seen); err != nil { // want:checkthenact
		return err
	}
	if seen {
		return nil
	}
	_, err := conn.Exec(ctx, `INSERT INTO webhook_deliveries (delivery_id, payload) VALUES ($1, $2)`, deliveryID, payload)
	return err
}

// RecordWebhookAdvisoryLock serialises all transactions on the delivery id
// with an advisory lock held to the end of the transaction.
func RecordWebhookAdvisoryLock(ctx context.Context, conn *pgx.Conn, deliveryID string, payload []byte) error {
	tx, err := conn.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, deliveryID); err != nil {
		return err
	}
	var seen bool
	if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE delivery_id = $1)`, deliveryID).Scan(&seen); err != nil {
		return err
	}
	if !seen {
		if _, err := tx.Exec(ctx, `INSERT INTO webhook_deliveries (delivery_id, payload) VALUES ($1, $2)`, deliveryID, payload); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// RecordWebhookInTx runs the check and the insert in one transaction at
// the default READ COMMITTED level, which does not stop the race.
func RecordWebhookInTx(ctx context.Context, conn *pgx.Conn, deliveryID string, payload []byte) error {
	return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		var seen bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE delivery_id = $1)`, deliveryID).Scan(&seen); err != nil { // want:checkthenact
			return err
		}
		if seen {
			return nil
		}
		_, err := tx.Exec(ctx, `INSERT INTO webhook_deliveries (delivery_id, payload) VALUES ($1, $2)`, deliveryID, payload)
		return err
	})
}

// RecordWebhookSerializable runs the same transaction at SERIALIZABLE and
// retries it on a serialization failure: one of two racing transactions
// fails to commit and its retry sees the other's row.
func RecordWebhookSerializable(ctx context.Context, conn *pgx.Conn, deliveryID string, payload []byte) error {
	for attempt := 0; ; attempt++ {
		err := pgx.BeginTxFunc(ctx, conn, pgx.TxOptions{IsoLevel: pgx.Serializable}, func(tx pgx.Tx) error {
			var seen bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM webhook_deliveries WHERE delivery_id = $1)`, deliveryID).Scan(&seen); err != nil {
				return err
			}
			if seen {
				return nil
			}
			_, err := tx.Exec(ctx, `INSERT INTO webhook_deliveries (delivery_id, payload) VALUES ($1, $2)`, deliveryID, payload)
			return err
		})
		var pgErr *pgconn.PgError
		if attempt < 3 && errors.As(err, &pgErr) && pgErr.Code == "40001" {
			continue
		}
		return err
	}
}
