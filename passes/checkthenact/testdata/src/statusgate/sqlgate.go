// Package statusgate holds status gates: read a record's state, branch on
// it, act, write the new state. Each positive has near misses beside it.
package statusgate

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"sync"
)

// A payment webhook: two deliveries both read "pending", both notify the
// shop, both write "captured".
func captureWebhook(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM payments WHERE id = $1`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested, then Post at line 23 and the state write at line 24 .* or runtime/effect for the external call\)`
		return err
	}
	if status == "captured" {
		return nil
	}
	http.Post("https://shop.example/paid", "text/plain", strings.NewReader(id))
	_, err := db.ExecContext(ctx, `UPDATE payments SET status = 'captured' WHERE id = $1`, id)
	return err
}

// Near miss: the transition is a conditional update; only the caller
// that changed the row acts.
func captureWebhookGuarded(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM payments WHERE id = $1`, id).Scan(&status); err != nil {
		return err
	}
	if status == "captured" {
		return nil
	}
	res, err := db.ExecContext(ctx, `UPDATE payments SET status = 'captured' WHERE id = $1 AND status = 'pending'`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		http.Post("https://shop.example/paid", "text/plain", strings.NewReader(id))
	}
	return nil
}

// Near miss: the row is locked from the read to the commit.
func captureWebhookLocked(ctx context.Context, db *sql.DB, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var status string
	if err := tx.QueryRowContext(ctx, `SELECT status FROM payments WHERE id = $1 FOR UPDATE`, id).Scan(&status); err != nil {
		return err
	}
	if status == "captured" {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO ledger (payment_id) VALUES ($1)`, id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE payments SET status = 'captured' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}

// A credit to another table is the act: double credit.
func creditOnce(ctx context.Context, db *sql.DB, id string) error {
	var credited bool
	if err := db.QueryRowContext(ctx, `SELECT credited FROM referrals WHERE id = $1`, id).Scan(&credited); err != nil { // want `status-gate race: its state read here is tested, then the update of wallets at line 80 .* or runtime/claim\)`
		return err
	}
	if credited {
		return nil
	}
	if _, err := db.ExecContext(ctx, `UPDATE wallets SET balance = balance + 10 WHERE referral_id = $1`, id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE referrals SET credited = true WHERE id = $1`, id)
	return err
}

// Near miss: no act between gate and write; writing the state twice is
// harmless.
func markOnly(ctx context.Context, db *sql.DB, id string) error {
	var credited bool
	if err := db.QueryRowContext(ctx, `SELECT credited FROM referrals WHERE id = $1`, id).Scan(&credited); err != nil {
		return err
	}
	if credited {
		return nil
	}
	_, err := db.ExecContext(ctx, `UPDATE referrals SET credited = true WHERE id = $1`, id)
	return err
}

var mu sync.Mutex

// Near miss: one mutex held across read, act and write (one process).
func creditUnderLock(ctx context.Context, db *sql.DB, id string) error {
	mu.Lock()
	defer mu.Unlock()
	var credited bool
	if err := db.QueryRowContext(ctx, `SELECT credited FROM referrals WHERE id = $1`, id).Scan(&credited); err != nil {
		return err
	}
	if credited {
		return nil
	}
	if _, err := db.ExecContext(ctx, `UPDATE wallets SET balance = balance + 10 WHERE referral_id = $1`, id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE referrals SET credited = true WHERE id = $1`, id)
	return err
}

// captureGuarded moves the payment to captured only from pending, and
// notifies only when it did.
func captureGuarded(ctx context.Context, db *sql.DB, id string) error {
	res, err := db.ExecContext(ctx, `UPDATE payments SET status = 'captured' WHERE id = $1 AND status = 'pending'`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		http.Post("https://shop.example/paid", "text/plain", strings.NewReader(id))
	}
	return nil
}

// Near miss: the helper that acts guards its own transition.
func captureWebhookGuardedHelper(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM payments WHERE id = $1`, id).Scan(&status); err != nil {
		return err
	}
	if status == "captured" {
		return nil
	}
	return captureGuarded(ctx, db, id)
}

// A charge as its loaders return it.
type Charge struct {
	ID     string
	Status string
}

// loadPaymentForUpdate reads a payment on the caller's transaction and
// locks the row until that transaction ends.
func loadPaymentForUpdate(ctx context.Context, tx *sql.Tx, id string) (*Charge, error) {
	p := &Charge{ID: id}
	err := tx.QueryRowContext(ctx, `SELECT status FROM payments WHERE id = $1 FOR UPDATE`, id).Scan(&p.Status)
	return p, err
}

// loadPayment reads it without a lock.
func loadPayment(ctx context.Context, tx *sql.Tx, id string) (*Charge, error) {
	p := &Charge{ID: id}
	err := tx.QueryRowContext(ctx, `SELECT status FROM payments WHERE id = $1`, id).Scan(&p.Status)
	return p, err
}

// Near miss: the helper's read locks the row in this transaction (ente's
// contact deletion through getForUpdate).
func captureThroughLockingLoader(ctx context.Context, db *sql.DB, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	p, err := loadPaymentForUpdate(ctx, tx, id)
	if err != nil || p.Status == "captured" {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO ledger (payment_id) VALUES ($1)`, id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE payments SET status = 'captured' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}

// The same through the loader that takes no lock: two transactions both
// read "pending" and both write the ledger.
func captureThroughLoader(ctx context.Context, db *sql.DB, id string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	p, err := loadPayment(ctx, tx, id) // want `status-gate race: Status read here is tested`
	if err != nil || p.Status == "captured" {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO ledger (payment_id) VALUES ($1)`, id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE payments SET status = 'captured' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}
