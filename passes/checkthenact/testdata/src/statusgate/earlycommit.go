package statusgate

import (
	"context"
	"database/sql"
	"net/http"
)

// The row is locked FOR UPDATE, but the transaction is committed right
// after the read: the lock is gone before the act and the write, and a
// twin that waited on it reads "authorized" too.
func captureLockedBriefly(ctx context.Context, db *sql.DB, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var status string
	if err := tx.QueryRowContext(ctx, `SELECT status FROM charges WHERE id = $1 FOR UPDATE`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested \(its FOR UPDATE lock ends with the transaction at line \d+, before the write`
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	if status != "authorized" {
		return nil
	}
	http.Post("https://psp.example/capture", "text/plain", nil)
	_, err = db.ExecContext(ctx, `UPDATE charges SET status = 'captured' WHERE id = $1`, id)
	return err
}

// Near miss: the same transaction holds the lock through the act and the
// write, and commits after them.
func captureLockedThrough(ctx context.Context, db *sql.DB, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var status string
	if err := tx.QueryRowContext(ctx, `SELECT status FROM charges WHERE id = $1 FOR UPDATE`, id).Scan(&status); err != nil {
		tx.Rollback()
		return err
	}
	if status != "authorized" {
		tx.Rollback()
		return nil
	}
	http.Post("https://psp.example/capture", "text/plain", nil)
	if _, err := tx.ExecContext(ctx, `UPDATE charges SET status = 'captured' WHERE id = $1`, id); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
