package inbox

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// The failure counter runs on the pool, in autocommit: it must outlive the
// rollback of the attempt that failed. It is advisory (it decides when to
// give up), never the dedup: that is the claim, which commits with the
// handler's writes.
const (
	recordFailureSQL = `INSERT INTO idemvet_inbox_failures (consumer, message_id, failures, last_error)
VALUES ($1, $2, 1, $3)
ON CONFLICT (consumer, message_id) DO UPDATE
SET failures = idemvet_inbox_failures.failures + 1, last_error = excluded.last_error, updated_at = now()
RETURNING failures`
	readFailuresSQL  = `SELECT failures, last_error FROM idemvet_inbox_failures WHERE consumer = $1 AND message_id = $2`
	clearFailuresSQL = `DELETE FROM idemvet_inbox_failures WHERE consumer = $1 AND message_id = $2`
)

// recordFailure counts one more failed attempt of id and returns the count.
func (in *Inbox) recordFailure(ctx context.Context, id string, cause error) (int, error) {
	var n int
	if err := in.pool.QueryRow(ctx, recordFailureSQL, in.opts.Consumer, id, cause.Error()).Scan(&n); err != nil {
		return 0, fmt.Errorf("inbox: counting a failure of message %q: %w", id, err)
	}
	return n, nil
}

// failures returns how often id has failed so far, and the last error.
func (in *Inbox) failures(ctx context.Context, id string) (int, string, error) {
	var n int
	var last string
	err := in.pool.QueryRow(ctx, readFailuresSQL, in.opts.Consumer, id).Scan(&n, &last)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, "", nil
	}
	if err != nil {
		return 0, "", fmt.Errorf("inbox: reading the failures of message %q: %w", id, err)
	}
	return n, last, nil
}

// clearFailures forgets the failures of id, on the transaction that
// settles it.
func (in *Inbox) clearFailures(ctx context.Context, tx pgx.Tx, id string) error {
	if _, err := tx.Exec(ctx, clearFailuresSQL, in.opts.Consumer, id); err != nil {
		return fmt.Errorf("inbox: %w", err)
	}
	return nil
}
