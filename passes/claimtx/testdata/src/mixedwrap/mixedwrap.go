// Package mixedwrap exercises claimtx through a wrapper that reads and
// writes on the transaction it is given.
package mixedwrap

import (
	"context"
	"database/sql"
)

// applyRefund reads the payment and writes the refund on tx.
func applyRefund(ctx context.Context, tx *sql.Tx, paymentID int64) error {
	var amount int64
	if err := tx.QueryRowContext(ctx, "SELECT amount FROM payments WHERE id = $1", paymentID).Scan(&amount); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, "INSERT INTO refunds (payment_id, amount) VALUES ($1, $2)", paymentID, amount)
	return err
}

// The claim autocommits; the wrapper writes on the tx.
func refund(ctx context.Context, db *sql.DB, key string, paymentID int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key); err != nil { // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 30 in a transaction`
		return err
	}
	if err := applyRefund(ctx, tx, paymentID); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the claim on the tx too.
func refundTx(ctx context.Context, db *sql.DB, key string, paymentID int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1)", key); err != nil {
		return err
	}
	if err := applyRefund(ctx, tx, paymentID); err != nil {
		return err
	}
	return tx.Commit()
}
