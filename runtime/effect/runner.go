package effect

import (
	"bytes"
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Runner records external effects in PostgreSQL and drives each one, at
// most one worker at a time, to a known outcome. It is safe for concurrent
// use, and any number of Runners (processes) may share one database.
type Runner struct {
	pool     *pgxpool.Pool
	opts     Options
	handlers map[string]Handler
}

// New returns a Runner on pool for the given handlers, one per Operation.
// The table must exist: see Migrate and SchemaSQL.
func New(pool *pgxpool.Pool, opts Options, handlers ...Handler) (*Runner, error) {
	opts, err := opts.withDefaults()
	if err != nil {
		return nil, err
	}
	r := &Runner{pool: pool, opts: opts, handlers: make(map[string]Handler, len(handlers))}
	for _, h := range handlers {
		switch {
		case h.Operation == "":
			return nil, errors.New("effect: a Handler has no Operation")
		case h.Call == nil || h.Reconcile == nil:
			return nil, fmt.Errorf("effect: Handler %q: Call and Reconcile are required", h.Operation)
		}
		if _, dup := r.handlers[h.Operation]; dup {
			return nil, fmt.Errorf("effect: two Handlers for operation %q", h.Operation)
		}
		r.handlers[h.Operation] = h
	}
	return r, nil
}

// Options returns the options in effect, defaults filled in.
func (r *Runner) Options() Options { return r.opts }

// Run records the operation (PENDING, committed) unless it exists, then
// drives it: the provider is called only after the record commits. A known
// operation with the same request is driven on if its lease has ended, or
// its terminal outcome is returned with Result.Replayed set.
//
// Errors: claim.ErrInvalidKey, ErrRequestTooLarge and ErrNoHandler before
// anything is recorded; ErrRequestMismatch when the key was first recorded
// with another request; ErrInProgress while another worker holds the lease;
// ErrUnknown when the outcome is not known yet (the operation stays recorded
// and a worker reconciles it: do not retry with a new key); ErrLeaseLost;
// ErrParked; database errors. A rejection is not an error: Result.State is
// Rejected.
func (r *Runner) Run(ctx context.Context, key Key, request []byte) (Result, error) {
	h, err := r.check(key, request)
	if err != nil {
		return Result{}, err
	}
	if request == nil {
		request = []byte{} // no payload; nil means "do not compare" to resume
	}
	l := lease{key: key, request: request, downstream: r.opts.DownstreamKey(key), epoch: 1}
	err = r.pool.QueryRow(ctx, insertSQL, key.Scope, key.Operation, key.Key, request, l.downstream,
		l.epoch, r.opts.Lease.Milliseconds()).Scan(&l.dispatches)
	switch {
	case err == nil:
		return r.drive(ctx, h, l)
	case errors.Is(err, pgx.ErrNoRows):
		return r.resume(ctx, h, key, request)
	}
	return Result{}, fmt.Errorf("effect: recording: %w", err)
}

// Resume drives an operation that was recorded earlier (by Run or Enqueue)
// with its stored request, exactly as Run would.
func (r *Runner) Resume(ctx context.Context, key Key) (Result, error) {
	h, err := r.check(key, nil)
	if err != nil {
		return Result{}, err
	}
	return r.resume(ctx, h, key, nil)
}

// Enqueue records the operation in PENDING inside tx, the caller's
// transaction: the local writes that decide on the effect (an order row)
// and the intent to perform it commit together, or not at all. Nothing is
// called; after commit, Resume or a worker (Work) dispatches it. Enqueueing
// a key again with the same request is a no-op; with another request it
// fails with ErrRequestMismatch.
func (r *Runner) Enqueue(ctx context.Context, tx pgx.Tx, key Key, request []byte) error {
	if _, err := r.check(key, request); err != nil {
		return err
	}
	if request == nil {
		request = []byte{}
	}
	var dispatches int
	err := tx.QueryRow(ctx, insertSQL, key.Scope, key.Operation, key.Key, request, r.opts.DownstreamKey(key),
		0, 0).Scan(&dispatches)
	if !errors.Is(err, pgx.ErrNoRows) {
		if err != nil {
			return fmt.Errorf("effect: enqueue: %w", err)
		}
		return nil
	}
	var stored []byte
	if err := tx.QueryRow(ctx, "SELECT request FROM idemvet_effects WHERE scope = $1 AND operation = $2 AND key = $3",
		key.Scope, key.Operation, key.Key).Scan(&stored); err != nil {
		return fmt.Errorf("effect: enqueue: %w", err)
	}
	if !bytes.Equal(stored, request) {
		return fmt.Errorf("%w: operation %q key %q", ErrRequestMismatch, key.Operation, key.Key)
	}
	return nil
}

// check validates the arguments and finds the Handler.
func (r *Runner) check(key Key, request []byte) (Handler, error) {
	if err := key.Validate(r.opts.MaxKeyBytes); err != nil {
		return Handler{}, err
	}
	if len(request) > r.opts.MaxRequestBytes {
		return Handler{}, fmt.Errorf("%w: %d bytes, limit %d", ErrRequestTooLarge, len(request), r.opts.MaxRequestBytes)
	}
	h, ok := r.handlers[key.Operation]
	if !ok {
		return Handler{}, fmt.Errorf("%w %q", ErrNoHandler, key.Operation)
	}
	return h, nil
}

// stored is an operation as loadSQL read it.
type stored struct {
	request, downstream []byte
	state               State
	dispatches          int
	epoch               int64
	answer              []byte
	leased, due         bool
}

// resume loads a recorded operation and takes it over if its lease ended.
// request, when not nil, must match the recorded one.
func (r *Runner) resume(ctx context.Context, h Handler, key Key, request []byte) (Result, error) {
	var s stored
	var state string
	err := r.pool.QueryRow(ctx, loadSQL, key.Scope, key.Operation, key.Key).Scan(
		&s.request, &s.downstream, &state, &s.dispatches, &s.epoch, &s.answer, &s.leased, &s.due)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return Result{}, fmt.Errorf("%w: operation %q key %q", ErrNotFound, key.Operation, key.Key)
	case err != nil:
		return Result{}, fmt.Errorf("effect: %w", err)
	}
	s.state = State(state)
	if request != nil && !bytes.Equal(s.request, request) {
		return Result{}, fmt.Errorf("%w: operation %q key %q", ErrRequestMismatch, key.Operation, key.Key)
	}
	res := Result{Key: key, State: s.state, Dispatches: s.dispatches}
	switch {
	case s.state.Terminal():
		res.Answer, res.Replayed = s.answer, true
		return res, nil
	case !s.leased:
		return res, fmt.Errorf("%w: operation %q key %q", ErrParked, key.Operation, key.Key)
	case !s.due && s.state == Unknown:
		return res, &UnknownError{Key: key, Dispatches: s.dispatches, Cause: errAwaiting}
	case !s.due:
		return res, &InProgressError{Key: key}
	}
	l := lease{key: key, request: s.request, downstream: string(s.downstream)}
	err = r.pool.QueryRow(ctx, takeoverSQL, key.Scope, key.Operation, key.Key, s.epoch,
		r.opts.Lease.Milliseconds()).Scan(&l.epoch, &l.dispatches)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return res, &InProgressError{Key: key} // another worker took it first
	case err != nil:
		return res, fmt.Errorf("effect: taking over: %w", err)
	}
	return r.drive(ctx, h, l)
}
