package claim

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// The state machine of the claim protocol, shared by the pgx flavour
// (Claimer) and the database/sql flavour (SQLClaimer). It decides which
// statements run and what their results mean; a flavour only sends them on
// its kind of connection (attemptConn for Do, savepointConn for DoTx).

// core is what both flavours of Claimer share.
type core struct {
	opts         Options
	allowHeaders map[string]bool
	proto        protocol
	busyTimeout  string // lock_timeout of a claim whose gate is busy, see gate.go
	waiting      waitQueue
}

func newCore(opts Options) (*core, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	busy := busyLockTimeout
	if !opts.NonBlocking {
		busy = milliseconds(opts.LockTimeout)
	}
	return &core{
		opts:         opts,
		allowHeaders: headerSet(opts.ReplayHeaders),
		proto:        newProtocol(opts.tableName(), opts.LockTimeout, opts.HoldTimeout),
		busyTimeout:  busy,
	}, nil
}

// txState is the state of the claim's transaction after the function ran.
type txState int

const (
	txUnknown txState = iota // the flavour cannot tell without a round trip
	txOpen                   // open and usable
	txAborted                // open, but a statement failed in it
	txEnded                  // no transaction: the function committed or rolled back
)

// attemptConn is a connection for one attempt of Do.
type attemptConn interface {
	// claim begins a transaction at the Claimer's isolation level and runs
	// p.claim in it (one round trip where the driver pipelines).
	claim(ctx context.Context, p *protocol, args []any) (record, error)
	state() txState
	// commit runs p.store and commits.
	commit(ctx context.Context, p *protocol, args []any) error
	// end ends the transaction if one is open, with COMMIT if commit (only
	// when nothing was written) or ROLLBACK. It does not use the caller's
	// context, which may be why we are here.
	end(commit bool)
	// lookup runs p.lookup outside any transaction.
	lookup(ctx context.Context, p *protocol, k Key) (found, stored bool, err error)
	// release returns the connection to its pool; the function's handle on
	// the transaction stops working.
	release()
}

// maxRaces bounds how often a call runs the claim again because the record
// that blocked it was committed during its statement (errRaced); once is
// the rule, more takes a sweep or a rollback in between.
const maxRaces = 3

// do is Do for either flavour: connect acquires a connection, work runs the
// caller's function on it.
func do[C attemptConn](ctx context.Context, c *core, key Key, fingerprint []byte,
	connect func(context.Context) (C, error), work func(context.Context, C) (Outcome, error)) (Result, error) {
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
	var rejection *Outcome
	races := 0
	for attempt := 1; ; {
		conn, err := connect(ctx)
		if err != nil {
			return Result{}, fmt.Errorf("claim: %w", err)
		}
		res, err := attemptOnce(ctx, c, conn, key, fingerprint, work, rejection)
		var rejected *rejectedAttempt
		switch {
		case errors.As(err, &rejected):
			rejection = &rejected.outcome // store it, without running fn again
			continue
		case errors.Is(err, errRaced) && races < maxRaces:
			races++ // not a failed attempt: the next statement sees the record
			continue
		case err == nil || !Retryable(err):
			return res, err
		case attempt >= c.opts.MaxAttempts:
			return Result{}, fmt.Errorf("%w after %d attempts: %w", ErrRetriesExhausted, attempt, err)
		}
		if waitErr := sleep(ctx, backoff(c.opts.Backoff, attempt)); waitErr != nil {
			return Result{}, fmt.Errorf("claim: %w while waiting to retry after: %w", waitErr, err)
		}
		attempt++
	}
}

// attemptOnce runs the claim protocol once: a first execution takes three
// round trips on pgx (claim, the function's own, store with COMMIT), a
// replay one. When fn returns a Rejection, its transaction is rolled back
// and attemptOnce returns a rejectedAttempt; do then runs it again with
// rejection set, which stores that outcome under a fresh claim instead of
// calling fn (if another caller claimed the key in between, this call
// replays that caller's outcome, as if it had arrived second). This keeps a
// savepoint off every first execution; rejections pay a transaction more.
func attemptOnce[C attemptConn](ctx context.Context, c *core, conn C, key Key, fingerprint []byte,
	work func(context.Context, C) (Outcome, error), rejection *Outcome) (Result, error) {
	started := time.Now()
	gate := gateID(key)
	rec, err := conn.claim(ctx, &c.proto, claimArgs(key, gate, fingerprint, c.opts.TTL, c.busyTimeout))
	if err != nil || !rec.claimed() {
		// A replay wrote nothing: its transaction ends with COMMIT, so it
		// counts as neither an error nor a rollback on the server. The
		// answer does not wait for that: the connection goes back to its
		// pool once the transaction has ended.
		empty := err == nil
		go func() {
			conn.end(empty)
			conn.release()
		}()
		if err != nil {
			return Result{}, c.claimError(err, key, time.Since(started))
		}
		return rec.replay(key, fingerprint, func() error { return c.inProgress(key, time.Since(started)) })
	}

	committed := false
	defer func() {
		if !committed {
			conn.end(false) // fn failed or panicked, or storing failed
		}
		conn.release()
	}()
	outcome := Outcome{}
	if rejection != nil {
		outcome = *rejection
	} else {
		var fnErr error
		if outcome, fnErr = work(ctx, conn); fnErr != nil {
			var r *Rejection
			if errors.As(fnErr, &r) {
				return Result{}, &rejectedAttempt{outcome: r.Outcome}
			}
			return Result{}, fnErr
		}
	}
	kept, stored, err := outcome.encode(c.allowHeaders, c.opts.MaxOutcomeBytes)
	if err != nil {
		return Result{}, err
	}
	state := conn.state()
	if state == txOpen || state == txUnknown {
		err = conn.commit(ctx, &c.proto, storeArgs(gate, rec.ctid, stored, rejection != nil))
		if err == nil {
			committed = true
			return Result{Outcome: kept, Rejected: rejection != nil}, nil
		}
	}
	conn.end(false)
	return Result{}, c.storeFailed(ctx, key, state, err, func() (bool, bool, error) { return conn.lookup(ctx, &c.proto, key) })
}

// storeFailed explains why the outcome could not be stored: the function
// ended the claim's transaction or left it aborted, or a database error.
// lookup reads the key's committed state.
func (c *core) storeFailed(ctx context.Context, key Key, state txState, err error, lookup func() (found, stored bool, err error)) error {
	code := sqlState(err)
	switch {
	case state == txAborted || code == "25P02":
		return &TxStateError{Key: key, State: "returned an outcome from a transaction it left aborted (it ignored a failed statement)"}
	case state == txEnded || code == "22012" || errors.Is(err, sql.ErrTxDone):
		// storeSQL found no claim of this transaction, or database/sql
		// knows the function committed or rolled back its *sql.Tx.
		found, stored, lookupErr := lookup()
		if lookupErr != nil {
			return fmt.Errorf("claim: the function ended the claim's transaction; reading the key: %w", lookupErr)
		}
		return &TxStateError{Key: key, State: "ended the claim's transaction (COMMIT or ROLLBACK)", Committed: found && !stored}
	}
	return fmt.Errorf("claim: storing the outcome: %w", err)
}

// rejectedAttempt carries a Rejection's outcome from a rolled-back attempt
// to the attempt that stores it.
type rejectedAttempt struct{ outcome Outcome }

func (r *rejectedAttempt) Error() string { return "claim: rejected attempt (internal)" }

// savepointConn is the caller's transaction, for DoTx.
type savepointConn interface {
	// claim runs, in the caller's transaction (one round trip where the
	// driver pipelines): SAVEPOINT idemvet_claim, p.claim, SAVEPOINT
	// idemvet_work.
	claim(ctx context.Context, p *protocol, args []any) (record, error)
	// exec runs one statement without arguments, as a simple query (the
	// transaction may be aborted).
	exec(ctx context.Context, sql string) error
	state() txState
	// store runs p.store and RELEASE SAVEPOINT idemvet_claim.
	store(ctx context.Context, p *protocol, args []any) error
	// lookup runs p.lookup on the transaction's connection.
	lookup(ctx context.Context, p *protocol, k Key) (found, stored bool, err error)
}

// doTx is DoTx for either flavour.
func doTx[C savepointConn](ctx context.Context, c *core, tx C, key Key, fingerprint []byte,
	work func(context.Context, C) (Outcome, error)) (res Result, err error) {
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
	undo := func(ctx context.Context) error {
		if err := tx.exec(ctx, c.proto.undoClaim); err != nil {
			return fmt.Errorf("claim: undoing the claim: %w", err)
		}
		return nil
	}
	started := time.Now()
	gate := gateID(key)
	var rec record
	for races := 0; ; races++ {
		rec, err = tx.claim(ctx, &c.proto, claimArgs(key, gate, fingerprint, c.opts.TTL, c.busyTimeout))
		if err != nil {
			return Result{}, errors.Join(c.claimError(err, key, time.Since(started)), undo(context.WithoutCancel(ctx)))
		}
		if rec.claimed() {
			break
		}
		// Back to exactly before DoTx: no claim, gate or bounds left behind.
		if err := undo(ctx); err != nil {
			return Result{}, err
		}
		res, err = rec.replay(key, fingerprint, func() error { return c.inProgress(key, time.Since(started)) })
		if !errors.Is(err, errRaced) {
			return res, err
		}
		if races >= maxRaces {
			return Result{}, fmt.Errorf("claim: the key's record kept changing during the claim: %w", err)
		}
	}

	done := false
	defer func() {
		if !done {
			// fn failed or panicked, or storing failed: back to before DoTx.
			if undoErr := undo(context.WithoutCancel(ctx)); undoErr != nil && err != nil && tx.state() != txEnded {
				err = errors.Join(err, undoErr)
			}
		}
	}()
	outcome, fnErr := work(ctx, tx)
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
	state := tx.state()
	if rejected && state != txEnded {
		if err := tx.exec(ctx, c.proto.rollbackToWork); err != nil {
			return Result{}, fmt.Errorf("claim: %w", err)
		}
		state = tx.state()
	}
	if state == txOpen || state == txUnknown {
		if err = tx.store(ctx, &c.proto, storeArgs(gate, rec.ctid, stored, rejected)); err == nil {
			done = true
			return Result{Outcome: kept, Rejected: rejected}, nil
		}
	}
	return Result{}, c.storeFailed(ctx, key, state, err, func() (bool, bool, error) { return tx.lookup(ctx, &c.proto, key) })
}

// admit enters key in the wait queue unless its cap is reached. A call that
// is admitted must leave the queue when it returns.
func (c *core) admit(key Key) bool {
	limit := 1 + c.opts.MaxWaiters // the holder, or the first to arrive, and its waiters
	if c.opts.MaxWaiters < 0 {
		limit = int(^uint(0) >> 1)
	}
	return c.waiting.enter(key, limit)
}

// claimError maps a failure of the claim: lock_not_available means the key
// is held by an open transaction; a missing table or column means the
// schema is not what this release expects.
func (c *core) claimError(err error, key Key, waited time.Duration) error {
	switch sqlState(err) {
	case "55P03":
		return c.inProgress(key, waited)
	case "42P01", "42703":
		return fmt.Errorf("claim: table %s is missing or not at schema version %d (run Migrate): %w",
			c.opts.tableName(), schemaVersion, err)
	}
	return fmt.Errorf("claim: %w", err)
}

func (c *core) inProgress(key Key, waited time.Duration) error {
	return &InProgressError{Key: key, Wait: waited, After: c.opts.RetryAfter}
}

// sweep is Sweep for either flavour: exec runs p.sweep with the batch size.
func (c *core) sweep(ctx context.Context, batchSize int, exec func(ctx context.Context, sql string, n int) (int64, error)) (int64, error) {
	if batchSize < 1 {
		return 0, fmt.Errorf("claim: sweep batch size %d: must be positive", batchSize)
	}
	var total int64
	for {
		n, err := exec(ctx, c.proto.sweep, batchSize)
		if err != nil {
			return total, fmt.Errorf("claim: sweep: %w", err)
		}
		total += n
		if n < int64(batchSize) {
			return total, nil
		}
	}
}

// lookupKey scans the row of p.lookup: found is false when there is none.
func lookupKey(row interface{ Scan(...any) error }) (found, stored bool, err error) {
	err = row.Scan(&stored)
	if errors.Is(err, pgx.ErrNoRows) || errors.Is(err, sql.ErrNoRows) {
		return false, false, nil
	}
	return err == nil, stored, err
}
