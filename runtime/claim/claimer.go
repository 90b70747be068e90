package claim

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Func is the operation guarded by a claim. It runs inside the transaction
// that holds the claim and must make every durable change through tx, so that
// the changes commit with the claim and the stored outcome, or not at all.
//
// It may run more than once: an attempt that fails with a serialization
// failure or deadlock is rolled back and run again (only one attempt ever
// commits). So it must not cause effects outside this database; record an
// intent (an outbox row) instead and perform the effect after commit.
//
// Return the outcome to store and replay; an error to roll everything back
// and leave the key unclaimed (a retry executes again); or Reject(...) for a
// terminal business rejection that is stored and replayed.
type Func func(ctx context.Context, tx pgx.Tx) (Outcome, error)

// Claimer runs operations at most once per Key and replays their outcome.
// It is safe for concurrent use.
type Claimer struct {
	pool         *pgxpool.Pool
	opts         Options
	allowHeaders map[string]bool
	stmts        claimStatements
	named        bool // queue prepared statement names, see claimStatements
	waiting      waitQueue
	busyTimeout  string // lock_timeout of a claim whose gate is busy, see gate.go
}

// New returns a Claimer on pool. The table must exist: see Migrate and
// SchemaSQL.
func New(pool *pgxpool.Pool, opts Options) (*Claimer, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	busy := busyLockTimeout
	if !opts.NonBlocking {
		busy = strconv.FormatInt(opts.LockTimeout.Milliseconds(), 10) + "ms"
	}
	return &Claimer{
		busyTimeout:  busy,
		pool:         pool,
		opts:         opts,
		allowHeaders: headerSet(opts.ReplayHeaders),
		stmts:        newClaimStatements(opts.Isolation, opts.LockTimeout),
		named:        usesNamedStatements(pool.Config().ConnConfig.DefaultQueryExecMode),
	}, nil
}

// Options returns the options in effect, defaults filled in.
func (c *Claimer) Options() Options { return c.opts }

// Do runs fn at most once per key and returns its outcome; later calls with
// the same key and fingerprint get the stored outcome with Result.Replayed
// set, without running fn. The claim, fn's writes and the outcome commit in
// one transaction, so a failure anywhere leaves no trace and a retry executes
// again.
//
// fingerprint identifies the request (see FingerprintJSON); a later call with
// the same key and a different fingerprint fails with ErrFingerprintMismatch.
// nil means the request has no payload to bind.
//
// Errors: KeyError (ErrInvalidKey) before anything runs; InProgressError
// (ErrInProgress) when another transaction holds the key longer than
// Options.LockTimeout, at once with Options.NonBlocking, or when
// Options.MaxWaiters calls already wait for it; MismatchError (ErrFingerprintMismatch);
// OutcomeTooLargeError (ErrOutcomeTooLarge); ErrRetriesExhausted after
// Options.MaxAttempts serialization failures or deadlocks; fn's own error,
// unchanged, after rolling back; and database errors.
func (c *Claimer) Do(ctx context.Context, key Key, fingerprint []byte, fn Func) (Result, error) {
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
	for attempt := 1; ; attempt++ {
		res, err := c.attempt(ctx, key, fingerprint, fn, rejection)
		var rejected *rejectedAttempt
		if errors.As(err, &rejected) {
			rejection = &rejected.outcome // store it, without running fn again
			attempt--
			continue
		}
		if err == nil || !retryable(err) {
			return res, err
		}
		if attempt >= c.opts.MaxAttempts {
			return Result{}, fmt.Errorf("%w after %d attempts: %w", ErrRetriesExhausted, attempt, err)
		}
		if waitErr := sleep(ctx, backoff(c.opts.Backoff, attempt)); waitErr != nil {
			return Result{}, fmt.Errorf("claim: %w while waiting to retry after: %w", waitErr, err)
		}
	}
}

// admit enters key in the wait queue unless its cap is reached. A call that
// is admitted must leave the queue when it returns.
func (c *Claimer) admit(key Key) bool {
	limit := 1 + c.opts.MaxWaiters // the holder, or the first to arrive, and its waiters
	if c.opts.NonBlocking || c.opts.MaxWaiters < 0 {
		limit = int(^uint(0) >> 1)
	}
	return c.waiting.enter(key, limit)
}
