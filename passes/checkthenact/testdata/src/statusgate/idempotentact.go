package statusgate

import (
	"context"
	"database/sql"
	"errors"
)

// Idempotent acts: what the gated branch does before the state write
// leaves the world as one run would, so two callers that both pass the
// test do no harm twice.

// A retry counter bumped on another row is done twice by two callers.
func failJobCounted(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM jobs WHERE id = $1`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested, then the update of job_runs at line \d+`
		return err
	}
	if status != "running" {
		return nil
	}
	if _, err := db.ExecContext(ctx, `UPDATE job_runs SET failures = failures + 1 WHERE job_id = $1`, id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	return err
}

// Near miss: the other row is set to an absolute status, which a second
// run writes again unchanged.
func failJobAbsolute(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM jobs WHERE id = $1`, id).Scan(&status); err != nil {
		return err
	}
	if status != "running" {
		return nil
	}
	if _, err := db.ExecContext(ctx, `UPDATE job_runs SET status = 'failed' WHERE job_id = $1`, id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	return err
}

// Subscriptions cancels and refunds subscriptions at the provider.
type Subscriptions interface {
	RefundSubscription(ctx context.Context, id string) error
	DeleteSubscription(ctx context.Context, id string) error
}

var errSubscriptionNotFound = errors.New("subscription not found")

// Two cancellations both see the subscription active and both refund it.
func cancelWithRefund(ctx context.Context, db *sql.DB, subs Subscriptions, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM subscriptions WHERE id = $1`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested, then RefundSubscription at line \d+`
		return err
	}
	if status != "active" {
		return nil
	}
	if err := subs.RefundSubscription(ctx, id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE subscriptions SET status = 'cancelled' WHERE id = $1`, id)
	return err
}

// Near miss: the provider's delete is the act, and a delete is
// idempotent: the second caller's finds the subscription gone, which it
// takes as success, and goes on.
func cancelByDelete(ctx context.Context, db *sql.DB, subs Subscriptions, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM subscriptions WHERE id = $1`, id).Scan(&status); err != nil {
		return err
	}
	if status != "active" {
		return nil
	}
	if err := subs.DeleteSubscription(ctx, id); err != nil && !errors.Is(err, errSubscriptionNotFound) {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE subscriptions SET status = 'cancelled' WHERE id = $1`, id)
	return err
}

// Near miss: the other row's flag is set to the caller's value, which a
// second run writes again unchanged.
func activateWithFlag(ctx context.Context, db *sql.DB, id string, enabled bool) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM installs WHERE id = $1`, id).Scan(&status); err != nil {
		return err
	}
	if status != "pending" {
		return nil
	}
	if _, err := db.ExecContext(ctx, `UPDATE plugins SET enabled = $1 WHERE install_id = $2`, enabled, id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE installs SET status = 'active' WHERE id = $1`, id)
	return err
}

// Near miss: the total is recomputed from the ledger, not added to: a
// second run computes the same total.
func closeInvoiceRecounted(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM invoices WHERE id = $1`, id).Scan(&status); err != nil {
		return err
	}
	if status != "open" {
		return nil
	}
	if _, err := db.ExecContext(ctx, `UPDATE accounts SET billed = (SELECT coalesce(sum(total), 0) FROM invoices WHERE account_id = accounts.id) WHERE id = (SELECT account_id FROM invoices WHERE id = $1)`, id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE invoices SET status = 'closed' WHERE id = $1`, id)
	return err
}

// The total is added to: two closings both bill the invoice.
func closeInvoiceAdded(ctx context.Context, db *sql.DB, id string, total int64) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM invoices WHERE id = $1`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested, then the update of accounts`
		return err
	}
	if status != "open" {
		return nil
	}
	if _, err := db.ExecContext(ctx, `UPDATE accounts SET billed = billed + $1 WHERE id = (SELECT account_id FROM invoices WHERE id = $2)`, total, id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE invoices SET status = 'closed' WHERE id = $1`, id)
	return err
}
