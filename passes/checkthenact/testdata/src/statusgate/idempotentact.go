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
