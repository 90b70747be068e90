package claim

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// attempt runs the claim protocol once, in three round trips for a first
// execution (claim batch, fn, store-and-commit batch) and one for a replay:
//
//	[SET transaction_isolation]   -- pipeline's implicit transaction begins
//	set lock_timeout              -- bounds the wait for a concurrent holder
//	gateSQL                       -- shortens it if non-blocking and held (gate.go)
//	claimSQL                      -- INSERT .. ON CONFLICT DO NOTHING + read
//	requireClaimSQL               -- fails unless claimed: ends here on replay
//	BEGIN                         -- claimed: keep the transaction open
//	... fn(tx) ...
//	storeSQL; COMMIT              -- or ROLLBACK
//
// When fn returns a Rejection, its transaction is rolled back and attempt
// returns a rejectedAttempt; Do then runs attempt again with rejection set,
// which stores that outcome under a fresh claim instead of calling fn. This
// keeps a savepoint, and its subtransaction, off every first execution; the
// price, another transaction, is paid by rejections only. If another caller
// claims the key in between, this call replays that caller's outcome, as if
// it had arrived second.
func (c *Claimer) attempt(ctx context.Context, key Key, fingerprint []byte, fn Func, rejection *Outcome) (Result, error) {
	pooled, err := c.pool.Acquire(ctx)
	if err != nil {
		return Result{}, fmt.Errorf("claim: %w", err)
	}
	defer pooled.Release()
	conn := pooled.Conn()

	started := time.Now()
	rec, tx, err := c.open(ctx, conn, key, fingerprint)
	if err != nil {
		rollback(conn)
		return Result{}, c.claimError(err, key, time.Since(started))
	}
	if !rec.claimed {
		return rec.replay(key, fingerprint, func() error { return c.inProgress(key, time.Since(started)) })
	}

	owned := &ownedTx{tx: tx}
	committed := false
	defer func() {
		owned.done.Store(true)
		if !committed {
			rollback(conn) // fn failed or panicked, or storing failed
		}
	}()

	var outcome Outcome
	if rejection != nil {
		outcome = *rejection
	} else {
		var fnErr error
		if outcome, fnErr = fn(ctx, owned); fnErr != nil {
			var r *Rejection
			if errors.As(fnErr, &r) {
				return Result{}, &rejectedAttempt{outcome: r.Outcome}
			}
			return Result{}, fnErr
		}
	}
	rejected := rejection != nil
	kept, stored, err := outcome.encode(c.allowHeaders, c.opts.MaxOutcomeBytes)
	if err != nil {
		return Result{}, err
	}
	if err := c.commit(ctx, conn, key, stored, rejected); err != nil {
		return Result{}, err
	}
	committed = true
	return Result{Outcome: kept, Rejected: rejected}, nil
}

// open sends the claim batch. It returns the transaction only when claimed.
func (c *Claimer) open(ctx context.Context, conn *pgx.Conn, key Key, fingerprint []byte) (record, pgx.Tx, error) {
	st, err := c.stmts.on(ctx, conn, c.named)
	if err != nil {
		return record{}, nil, err
	}
	b := &pgx.Batch{}
	// The "begin query" is not BEGIN: the transaction only becomes explicit
	// at the BEGIN below, after the claim succeeded. pgx marks the Tx closed
	// if the batch leaves the connection idle, which is the replay case.
	if st.setIsolation != "" {
		b.BeginTx(pgx.TxOptions{BeginQuery: st.setIsolation})
		b.Queue(st.setLockTimeout)
	} else {
		b.BeginTx(pgx.TxOptions{BeginQuery: st.setLockTimeout})
	}
	b.Queue(st.gate, gateID(key), c.busyTimeout)
	b.Queue(st.claim, key.Scope, key.Operation, key.Key, fingerprint, c.opts.TTL.Milliseconds())
	b.Queue(st.requireClaim)
	b.Queue(st.begin)
	br := conn.SendBatch(ctx, b)

	var rec record
	_, err = br.Exec()
	if err == nil && st.setIsolation != "" {
		_, err = br.Exec()
	}
	if err == nil {
		_, err = br.Exec() // the gate
	}
	if err == nil {
		var rows pgx.Rows
		if rows, err = br.Query(); err == nil {
			rec, err = scanRecord(rows)
		}
	}
	closeErr := br.Close()
	switch {
	case err != nil:
		return record{}, nil, err
	case !rec.claimed:
		// requireClaimSQL failed on purpose, which ended the implicit
		// transaction: nothing to roll back.
		if conn.PgConn().TxStatus() != 'I' {
			return record{}, nil, fmt.Errorf("claim: connection left in a transaction after a replay (%w)", closeErr)
		}
		return rec, nil, nil
	case closeErr != nil:
		return record{}, nil, closeErr
	}
	return rec, br.Tx(), nil
}

// commit stores the outcome and commits in one round trip.
func (c *Claimer) commit(ctx context.Context, conn *pgx.Conn, key Key, s storedOutcome, rejected bool) error {
	b := &pgx.Batch{}
	queueStore(b, key, s, rejected)
	b.Queue("COMMIT")
	if err := conn.SendBatch(ctx, b).Close(); err != nil {
		return fmt.Errorf("claim: storing the outcome: %w", err)
	}
	return nil
}

// rollbackTo rolls back to a savepoint with its own simple-protocol query:
// the function may have left the transaction aborted (a failed statement it
// turned into a Rejection), where PostgreSQL refuses to prepare anything but
// a rollback, so it cannot share a batch with statements pgx prepares first.
// (DoTx only: Do rolls a rejected attempt back entirely.)
func rollbackTo(ctx context.Context, conn *pgx.Conn, sql string) error {
	if _, err := conn.Exec(ctx, sql); err != nil {
		return fmt.Errorf("claim: %w", err)
	}
	return nil
}

// rejectedAttempt carries a Rejection's outcome from a rolled-back attempt
// to the attempt that stores it.
type rejectedAttempt struct{ outcome Outcome }

func (r *rejectedAttempt) Error() string { return "claim: rejected attempt (internal)" }

func queueStore(b *pgx.Batch, key Key, s storedOutcome, rejected bool) {
	b.Queue(storeSQL, key.Scope, key.Operation, key.Key, s.status, s.body, s.headers, s.resourceID, rejected)
}

// claimError maps a failure of the claim batch: lock_not_available means the
// key is held by an open transaction.
func (c *Claimer) claimError(err error, key Key, waited time.Duration) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "55P03" {
		return c.inProgress(key, waited)
	}
	return fmt.Errorf("claim: %w", err)
}

func (c *Claimer) inProgress(key Key, waited time.Duration) error {
	return &InProgressError{Key: key, Wait: waited, After: c.opts.RetryAfter}
}

// rollback ends whatever transaction conn is in. It does not use the
// caller's context, which may be why we are here; if ROLLBACK cannot be sent
// the connection is closed, and the server rolls back when it notices.
func rollback(conn *pgx.Conn) {
	if conn.IsClosed() || conn.PgConn().TxStatus() == 'I' {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := conn.Exec(ctx, "ROLLBACK"); err != nil {
		conn.Close(ctx)
	}
}
