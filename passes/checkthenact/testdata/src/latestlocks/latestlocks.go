// Package latestlocks appends to histories whose newest row it locks.
package latestlocks

import (
	"context"
	"database/sql"
	"errors"

	"github.com/uptrace/bun"
)

var errInProgress = errors.New("a reversal is already in progress")

// The newest adjustment is locked and tested, and the new one appended
// beside it: the second reversal waits on the lock, then reads the same
// newest row (its statement cannot see the row the first inserted) and
// appends too.
func StartReversal(ctx context.Context, db *sql.DB, paymentID, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var status string
	if err := tx.QueryRowContext(ctx, `SELECT status FROM adjustments WHERE payment_id = $1 ORDER BY created_at DESC LIMIT 1 FOR UPDATE`, paymentID).Scan(&status); err != nil { // want `lock on the newest row: the FOR UPDATE here locks the newest row of adjustments`
		return err
	}
	if status == "reverse_processing" {
		return errInProgress
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO adjustments (id, payment_id, status, created_at) VALUES ($1, $2, 'reverse_processing', now())`, id, paymentID); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the locked row is updated (superseded) before the new one
// is appended; the waiting transaction rechecks the row it locked, no
// longer finds it current, and reads nothing.
func StartReversalSuperseding(ctx context.Context, db *sql.DB, paymentID, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var prevID, status string
	if err := tx.QueryRowContext(ctx, `SELECT id, status FROM adjustments WHERE payment_id = $1 AND current ORDER BY created_at DESC LIMIT 1 FOR UPDATE`, paymentID).Scan(&prevID, &status); err != nil {
		return err
	}
	if status == "reverse_processing" {
		return errInProgress
	}
	if _, err := tx.ExecContext(ctx, `UPDATE adjustments SET current = false WHERE id = $1`, prevID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO adjustments (id, payment_id, status, current, created_at) VALUES ($1, $2, 'reverse_processing', true, now())`, id, paymentID); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: the payment row every reversal of it shares is locked
// first; the newest adjustment is read after the wait, by a statement
// that sees the first reversal's row.
func StartReversalLockingPayment(ctx context.Context, db *sql.DB, paymentID, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT 1 FROM payments WHERE id = $1 FOR UPDATE`, paymentID); err != nil {
		return err
	}
	var status string
	if err := tx.QueryRowContext(ctx, `SELECT status FROM adjustments WHERE payment_id = $1 ORDER BY created_at DESC LIMIT 1`, paymentID).Scan(&status); err != nil {
		return err
	}
	if status == "reverse_processing" {
		return errInProgress
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO adjustments (id, payment_id, status, created_at) VALUES ($1, $2, 'reverse_processing', now())`, id, paymentID); err != nil {
		return err
	}
	return tx.Commit()
}

type adjustment struct {
	ID        string
	PaymentID string
	Status    string
}

// bun: the same append, the newest row taken by Order(... DESC) and
// Limit(1), tested through a predicate the caller passes.
func UpsertIfPredicate(ctx context.Context, db *bun.DB, adj adjustment, predicate func(adjustment) bool) (bool, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	var previous adjustment
	query := tx.NewSelect().Model(&previous).Where("payment_id = ?", adj.PaymentID).Order("created_at DESC", "sort_id DESC")
	err = query.For("UPDATE").Limit(1).Scan(ctx) // want `lock on the newest row: the FOR UPDATE here locks the newest row of adjustment`
	if err != nil {
		return false, err
	}
	if !predicate(previous) {
		return false, nil
	}
	if _, err := tx.NewInsert().Model(&adj).Exec(ctx); err != nil {
		return false, err
	}
	return true, tx.Commit()
}

// Near miss: the newest row's lock guards an insert into another table
// (the outbox), not a second row beside it.
func AnnounceLatest(ctx context.Context, db *sql.DB, paymentID string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var status string
	if err := tx.QueryRowContext(ctx, `SELECT status FROM adjustments WHERE payment_id = $1 ORDER BY created_at DESC LIMIT 1 FOR UPDATE`, paymentID).Scan(&status); err != nil {
		return err
	}
	if status != "succeeded" {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO outbox (payment_id, kind) VALUES ($1, 'succeeded')`, paymentID); err != nil {
		return err
	}
	return tx.Commit()
}

// The append's ON CONFLICT names only the new row's own id: a second
// reversal brings an id of its own, and both rows go in.
func UpsertIfPredicateByID(ctx context.Context, db *bun.DB, adj adjustment, predicate func(adjustment) bool) (bool, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	var previous adjustment
	query := tx.NewSelect().Model(&previous).Where("payment_id = ?", adj.PaymentID).Order("created_at DESC")
	err = query.For("UPDATE").Limit(1).Scan(ctx) // want `lock on the newest row`
	if err != nil {
		return false, err
	}
	if !predicate(previous) {
		return false, nil
	}
	if _, err := tx.NewInsert().Model(&adj).On("CONFLICT (id) DO NOTHING").Exec(ctx); err != nil {
		return false, err
	}
	return true, tx.Commit()
}

// Near miss: a unique key on (payment_id, status) rejects a second
// reversal in progress; the loser's insert does nothing.
func UpsertIfPredicateByStatus(ctx context.Context, db *bun.DB, adj adjustment, predicate func(adjustment) bool) (bool, error) {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	var previous adjustment
	query := tx.NewSelect().Model(&previous).Where("payment_id = ?", adj.PaymentID).Order("created_at DESC")
	err = query.For("UPDATE").Limit(1).Scan(ctx)
	if err != nil {
		return false, err
	}
	if !predicate(previous) {
		return false, nil
	}
	if _, err := tx.NewInsert().Model(&adj).On("CONFLICT (payment_id, status) DO NOTHING").Exec(ctx); err != nil {
		return false, err
	}
	return true, tx.Commit()
}
