package effect

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// lease is an operation this worker owns for one epoch.
type lease struct {
	key        Key
	request    []byte
	downstream string
	epoch      int64
	dispatches int
}

var (
	errAwaiting     = errors.New("awaiting reconciliation")
	errUndetermined = errors.New("the provider cannot tell yet")
)

// drive takes an owned operation as far as it can go now:
//
//	dispatched before? → Reconcile: Applied/Refused → record it
//	                                 Undetermined  → UNKNOWN, try again later
//	                                 NotApplied    → dispatch again (below)
//	count the dispatch (committed) → Call → record COMPLETED/REJECTED/UNKNOWN
//
// It never dispatches an operation that may already have applied, and never
// forgets one that was dispatched.
func (r *Runner) drive(ctx context.Context, h Handler, l lease) (Result, error) {
	a := Attempt{Key: l.key, DownstreamKey: l.downstream, Request: l.request, Dispatches: l.dispatches, Epoch: l.epoch}
	if l.dispatches > 0 {
		var verdict Verdict
		var answer []byte
		err := r.bounded(ctx, func(ctx context.Context) (err error) {
			verdict, answer, err = h.Reconcile(ctx, a)
			return err
		})
		switch {
		case err != nil:
			return r.record(ctx, h, l, Unknown, nil, fmt.Errorf("reconciling: %w", err))
		case verdict == Applied:
			return r.record(ctx, h, l, Completed, answer, nil)
		case verdict == Refused:
			return r.record(ctx, h, l, Rejected, answer, nil)
		case verdict != NotApplied:
			return r.record(ctx, h, l, Unknown, nil, errUndetermined)
		case l.dispatches >= r.opts.MaxDispatches:
			return r.park(ctx, l)
		}
	}

	err := r.pool.QueryRow(ctx, dispatchSQL, l.key.Scope, l.key.Operation, l.key.Key, l.epoch,
		r.opts.Lease.Milliseconds()).Scan(&a.Dispatches)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return Result{Key: l.key, State: Pending, Dispatches: l.dispatches}, ErrLeaseLost
	case err != nil:
		return Result{}, fmt.Errorf("effect: recording the dispatch: %w", err)
	}
	l.dispatches = a.Dispatches

	var answer []byte
	err = r.bounded(ctx, func(ctx context.Context) (err error) {
		answer, err = h.Call(ctx, a)
		return err
	})
	var refusal *Refusal
	switch {
	case err == nil:
		return r.record(ctx, h, l, Completed, answer, nil)
	case errors.As(err, &refusal):
		return r.record(ctx, h, l, Rejected, refusal.Answer, nil)
	}
	return r.record(ctx, h, l, Unknown, nil, err)
}

// bounded runs a provider call under CallTimeout, so that the owner
// normally records its answer before the lease ends.
func (r *Runner) bounded(ctx context.Context, call func(context.Context) error) error {
	ctx, cancel := context.WithTimeout(ctx, r.opts.CallTimeout)
	defer cancel()
	return call(ctx)
}

// detached is ctx without its cancellation, bounded by the lease (at least
// minRecordTime): a caller that gave up must not lose an answer the
// provider already gave, and a hung database must not hold the worker
// forever. A record that still fails leaves the operation as it was, for
// the next owner to reconcile.
func (r *Runner) detached(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.WithoutCancel(ctx), max(r.opts.Lease, minRecordTime))
}

const minRecordTime = 5 * time.Second

// record stores the operation's new state for l's epoch, with Finish in the
// same transaction for a terminal one, on a detached context.
func (r *Runner) record(ctx context.Context, h Handler, l lease, state State, answer []byte, cause error) (Result, error) {
	ctx, cancel := r.detached(ctx)
	defer cancel()
	var retryMs *int64
	var lastError *string
	if state == Unknown {
		ms := r.opts.RetryDelay.Milliseconds()
		msg := cause.Error()
		retryMs, lastError = &ms, &msg
	}
	res := Result{Key: l.key, State: state, Answer: answer, Dispatches: l.dispatches}
	store := func(db queryRower) error {
		return db.QueryRow(ctx, recordSQL, l.key.Scope, l.key.Operation, l.key.Key, l.epoch,
			string(state), answer, lastError, retryMs).Scan(&res.Dispatches)
	}
	var err error
	if state.Terminal() && h.Finish != nil {
		err = pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
			if err := store(tx); err != nil {
				return err
			}
			return h.Finish(ctx, tx, res)
		})
	} else {
		err = store(r.pool) // one statement: one round trip, no explicit transaction
	}
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return Result{Key: l.key, State: Pending, Dispatches: l.dispatches}, ErrLeaseLost
	case err != nil:
		return Result{Key: l.key, State: Pending, Dispatches: l.dispatches}, fmt.Errorf("effect: recording %s: %w", state, err)
	case state == Unknown:
		return res, &UnknownError{Key: l.key, Dispatches: res.Dispatches, Cause: cause}
	}
	return res, nil
}

// queryRower is what record needs of a pool or a transaction.
type queryRower interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// park leaves the operation UNKNOWN with no lease, so no worker picks it up
// again: MaxDispatches calls did not apply it.
func (r *Runner) park(ctx context.Context, l lease) (Result, error) {
	msg := fmt.Sprintf("parked after %d dispatches that did not apply", l.dispatches)
	var noRetry *int64
	ctx, cancel := r.detached(ctx)
	defer cancel()
	tag, err := r.pool.Exec(ctx, recordSQL, l.key.Scope, l.key.Operation, l.key.Key, l.epoch,
		string(Unknown), nil, msg, noRetry)
	switch {
	case err != nil:
		return Result{}, fmt.Errorf("effect: parking: %w", err)
	case tag.RowsAffected() == 0:
		return Result{Key: l.key, State: Pending, Dispatches: l.dispatches}, ErrLeaseLost
	}
	return Result{Key: l.key, State: Unknown, Dispatches: l.dispatches},
		fmt.Errorf("%w: operation %q key %q (%s)", ErrParked, l.key.Operation, l.key.Key, msg)
}
