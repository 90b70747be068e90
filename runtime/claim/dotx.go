package claim

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// DoTx is Do for a caller that already holds a transaction: the claim, fn's
// writes and the outcome become part of tx and commit or roll back with it.
// It works inside savepoints, so tx stays usable whatever happens:
//
//   - replay, mismatch, in progress, or fn's error: tx is as it was before
//     DoTx (fn's writes and the claim are undone). Committing tx then
//     leaves the key unclaimed;
//   - success or Reject: the claim and outcome are pending in tx. Until the
//     caller commits, duplicates wait (up to LockTimeout) and then get
//     ErrInProgress; if the caller rolls back, the key is free again.
//
// DoTx does not retry: a serialization failure or deadlock dooms the whole
// transaction, which only its owner can run again (see Retryable). A replay
// takes two round trips here, not one, because the outer transaction must be
// kept open. Options.Isolation does not apply: tx has its own.
func (c *Claimer) DoTx(ctx context.Context, tx pgx.Tx, key Key, fingerprint []byte, fn Func) (res Result, err error) {
	if err := validate(key, fingerprint, c.opts.MaxKeyBytes); err != nil {
		return Result{}, err
	}
	if fingerprint == nil {
		fingerprint = []byte{}
	}
	if !c.admit(key) {
		return Result{}, c.inProgress(key, 0)
	}
	defer c.waiting.leave(key)
	started := time.Now()
	var rec record
	for attempt := 1; ; attempt++ {
		rec, err = c.openInTx(ctx, tx, key, fingerprint)
		if err != nil {
			return Result{}, errors.Join(c.claimError(err, key, time.Since(started)), undoClaim(ctx, tx))
		}
		if rec.claimed {
			break
		}
		if err := releaseClaim(ctx, tx); err != nil {
			return Result{}, err
		}
		res, err = rec.replay(key, fingerprint, func() error { return c.inProgress(key, time.Since(started)) })
		// At READ COMMITTED a record committed during the claim is seen by
		// the next statement; look once more.
		if !errors.Is(err, errRaced) || attempt >= c.opts.MaxAttempts {
			return res, err
		}
	}

	done := false
	defer func() {
		if !done {
			// fn failed or panicked, or storing failed: back to before DoTx.
			if undoErr := undoClaim(context.WithoutCancel(ctx), tx); undoErr != nil && err != nil {
				err = errors.Join(err, undoErr)
			}
		}
	}()
	outcome, fnErr := fn(ctx, tx)
	rejected := false
	if fnErr != nil {
		var rejection *Rejection
		if !errors.As(fnErr, &rejection) {
			return Result{}, fnErr
		}
		outcome, rejected = rejection.Outcome, true
	}
	kept, stored, err := outcome.encode(c.allowHeaders, c.opts.MaxOutcomeBytes)
	if err != nil {
		return Result{}, err
	}
	if rejected {
		if err := rollbackTo(ctx, tx.Conn(), rollbackToWorkSQL); err != nil {
			return Result{}, err
		}
	}
	b := &pgx.Batch{}
	queueStore(b, key, stored, rejected)
	b.Queue(releaseClaimSavepointSQL)
	if err := tx.SendBatch(ctx, b).Close(); err != nil {
		return Result{}, fmt.Errorf("claim: storing the outcome: %w", err)
	}
	done = true
	return Result{Outcome: kept, Rejected: rejected}, nil
}

// openInTx is the claim batch of DoTx: the same claim statement as Do's,
// inside a savepoint instead of the pipeline's implicit transaction.
func (c *Claimer) openInTx(ctx context.Context, tx pgx.Tx, key Key, fingerprint []byte) (record, error) {
	st, err := c.stmts.on(ctx, tx.Conn(), c.named)
	if err != nil {
		return record{}, err
	}
	b := &pgx.Batch{}
	b.Queue(st.claimSavepoint)
	b.Queue(st.setLockTimeout)
	b.Queue(st.gate, gateID(key), c.busyTimeout)
	b.Queue(st.claim, key.Scope, key.Operation, key.Key, fingerprint, c.opts.TTL.Milliseconds())
	b.Queue(st.restoreLockTimeout)
	b.Queue(st.workSavepoint)
	br := tx.SendBatch(ctx, b)
	var rec record
	for range 3 { // savepoint, lock_timeout, gate
		if err == nil {
			_, err = br.Exec()
		}
	}
	if err == nil {
		var rows pgx.Rows
		if rows, err = br.Query(); err == nil {
			rec, err = scanRecord(rows)
		}
	}
	return rec, errors.Join(err, br.Close())
}

// undoClaim rolls back to before the claim and drops the savepoint, in one
// simple-protocol query because the transaction may be aborted (see
// rollbackTo).
func undoClaim(ctx context.Context, tx pgx.Tx) error {
	if _, err := tx.Exec(ctx, rollbackToClaimSQL+"; "+releaseClaimSavepointSQL); err != nil {
		return fmt.Errorf("claim: undoing the claim: %w", err)
	}
	return nil
}

func releaseClaim(ctx context.Context, tx pgx.Tx) error {
	if _, err := tx.Exec(ctx, releaseClaimSavepointSQL); err != nil {
		return fmt.Errorf("claim: %w", err)
	}
	return nil
}
