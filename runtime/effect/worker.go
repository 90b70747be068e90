package effect

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Stats counts what one ResumeDue pass did.
type Stats struct {
	Completed, Rejected int
	// Unknown: still not known after this pass; reconciled again later.
	Unknown int
	// Skipped: another worker took the operation first, or took it over
	// during the call.
	Skipped int
}

// Total is the number of operations the pass looked at.
func (s Stats) Total() int { return s.Completed + s.Rejected + s.Unknown + s.Skipped }

// ResumeDue drives, one after the other, up to limit operations whose lease
// has ended: those a crashed or stalled worker left behind, those Enqueue
// recorded, and UNKNOWN ones whose RetryDelay has passed. Each is taken over
// under a new lease epoch, reconciled if it was dispatched before, and
// dispatched only if the provider confirms it did not apply. Failures of
// single operations are joined into the error; the pass goes on.
func (r *Runner) ResumeDue(ctx context.Context, limit int) (Stats, error) {
	if limit < 1 {
		return Stats{}, fmt.Errorf("effect: limit %d: must be positive", limit)
	}
	due, err := r.due(ctx, limit)
	if err != nil {
		return Stats{}, fmt.Errorf("effect: listing due operations: %w", err)
	}
	var st Stats
	var errs []error
	for _, k := range due {
		if ctx.Err() != nil {
			return st, errors.Join(append(errs, ctx.Err())...)
		}
		res, err := r.Resume(ctx, k)
		switch {
		case errors.Is(err, ErrInProgress), errors.Is(err, ErrLeaseLost):
			st.Skipped++
		case errors.Is(err, ErrUnknown), errors.Is(err, ErrParked):
			st.Unknown++
		case err != nil:
			errs = append(errs, err)
		case res.Replayed:
			// Another worker finished it between the listing and now.
			st.Skipped++
		case res.State == Completed:
			st.Completed++
		case res.State == Rejected:
			st.Rejected++
		}
	}
	return st, errors.Join(errs...)
}

// due lists up to limit operations a worker may take over, and releases
// the connection before any of them is driven.
func (r *Runner) due(ctx context.Context, limit int) ([]Key, error) {
	rows, err := r.pool.Query(ctx, dueSQL, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var keys []Key
	for rows.Next() {
		var k Key
		if err := rows.Scan(&k.Scope, &k.Operation, &k.Key); err != nil {
			return nil, err
		}
		keys = append(keys, k)
	}
	return keys, rows.Err()
}

// Work runs ResumeDue every interval, limit operations at a time (at once
// again while a pass finds a full batch), until ctx ends; then it returns
// ctx's error. Each pass's error, if any, goes to onError (nil: dropped).
// Stopping never abandons an operation in a bad state: one interrupted
// mid-call is UNKNOWN or still leased, and the next worker reconciles it.
func (r *Runner) Work(ctx context.Context, interval time.Duration, limit int, onError func(error)) error {
	if interval <= 0 || limit < 1 {
		return fmt.Errorf("effect: Work(interval %v, limit %d): both must be positive", interval, limit)
	}
	timer := time.NewTimer(0)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-timer.C:
		}
		st, err := r.ResumeDue(ctx, limit)
		if err != nil && onError != nil && ctx.Err() == nil {
			onError(err)
		}
		next := interval
		if st.Total() == limit && err == nil {
			next = 0 // a full batch: there may be more
		}
		timer.Reset(next)
	}
}
