package effect_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/effect"
	"github.com/jackc/pgx/v5"
)

// A worker whose lease was taken over while it waited for the provider's
// status must not dispatch: only the current epoch, inside its lease, may.
func TestStalledWorkerCannotDispatch(t *testing.T) {
	pool := newPool(t)
	p := newProvider(t)
	opts := fastOptions()
	opts.Lease, opts.CallTimeout = 400*time.Millisecond, 150*time.Millisecond
	k := key("k")
	runCrashing(t, pool, opts, p, k)
	// Forget the charge: the provider lost it (it was never applied), so
	// reconciling says NotApplied and a redispatch is legitimate.
	p.mu.Lock()
	clear(p.charges)
	p.applied = 0
	p.mu.Unlock()
	time.Sleep(opts.Lease + 50*time.Millisecond)

	stalled := p.handler()
	lookup, asked, release := stalled.Reconcile, make(chan struct{}), make(chan struct{})
	stalled.Reconcile = func(ctx context.Context, a effect.Attempt) (effect.Verdict, []byte, error) {
		v, answer, err := lookup(ctx, a)
		close(asked)
		<-release // stuck past the lease
		return v, answer, err
	}
	done := make(chan error, 1)
	go func() {
		_, err := newRunner(t, pool, opts, stalled).Resume(context.Background(), k)
		done <- err
	}()
	<-asked
	time.Sleep(opts.Lease + 50*time.Millisecond)
	if s := settle(t, newRunner(t, pool, opts, p.handler()), pool, k); s != effect.Completed {
		t.Fatalf("settled as %s", s)
	}
	close(release)
	if err := <-done; !errors.Is(err, effect.ErrLeaseLost) {
		t.Fatalf("stalled worker: got %v, want ErrLeaseLost", err)
	}
	// Two requests: the crashed one and the new owner's; none from the
	// stalled worker.
	if req, _, applied := p.counts(); req != 2 || applied != 1 {
		t.Fatalf("provider saw %d requests, %d charges; want 2, 1", req, applied)
	}
}

// An operation the provider never applies is dispatched MaxDispatches times,
// then parked for a human: no worker takes it again.
func TestParkedAfterMaxDispatches(t *testing.T) {
	pool := newPool(t)
	p := newProvider(t)
	p.fail5xxFirst = 1000
	opts := fastOptions()
	opts.MaxDispatches = 3
	r := newRunner(t, pool, opts, p.handler())
	k := key("k")
	ctx := context.Background()
	if _, err := r.Run(ctx, k, nil); !errors.Is(err, effect.ErrUnknown) {
		t.Fatalf("got %v, want ErrUnknown", err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, err := r.Resume(ctx, k)
		if errors.Is(err, effect.ErrParked) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("not parked: last %v", err)
		}
		time.Sleep(opts.RetryDelay)
	}
	if req, _, _ := p.counts(); req != 3 {
		t.Fatalf("provider saw %d requests, want MaxDispatches = 3", req)
	}
	time.Sleep(2 * opts.RetryDelay)
	if st, err := r.ResumeDue(ctx, 10); err != nil || st.Total() != 0 {
		t.Fatalf("worker pass over a parked operation: %+v, %v; want it left alone", st, err)
	}
	if s := state(t, pool, k); s != effect.Unknown {
		t.Fatalf("parked operation is %s, want unknown", s)
	}
}

// Finish runs in the transaction that records the terminal state; if it
// fails, nothing is recorded and the next owner reconciles and finishes.
func TestFinishIsTheRecoveryPoint(t *testing.T) {
	pool := newPool(t)
	p := newProvider(t)
	ctx := context.Background()
	if _, err := pool.Exec(ctx, "CREATE TABLE receipts (key text PRIMARY KEY, answer bytea NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	fails := 1
	h := p.handler()
	h.Finish = func(ctx context.Context, tx pgx.Tx, r effect.Result) error {
		if _, err := tx.Exec(ctx, "INSERT INTO receipts VALUES ($1, $2)", r.Key.Key, r.Answer); err != nil {
			return err
		}
		if fails > 0 {
			fails--
			return errors.New("disk full")
		}
		return nil
	}
	opts := fastOptions()
	opts.Lease, opts.CallTimeout = 400*time.Millisecond, 150*time.Millisecond
	r := newRunner(t, pool, opts, h)
	k := key("k")
	if _, err := r.Run(ctx, k, []byte(`{}`)); err == nil || errors.Is(err, effect.ErrUnknown) {
		t.Fatalf("got %v, want Finish's error", err)
	}
	if s := state(t, pool, k); s != effect.Pending {
		t.Fatalf("after a failed Finish the operation is %s, want still pending", s)
	}
	if s := settle(t, r, pool, k); s != effect.Completed {
		t.Fatalf("settled as %s", s)
	}
	var n int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM receipts").Scan(&n); err != nil || n != 1 {
		t.Fatalf("%d receipts (%v), want 1", n, err)
	}
	if req, look, _ := p.counts(); req != 1 || look != 1 {
		t.Fatalf("provider saw %d requests, %d lookups; want 1, 1", req, look)
	}
}

func TestWorkDrivesAndStops(t *testing.T) {
	pool := newPool(t)
	p := newProvider(t)
	r := newRunner(t, pool, fastOptions(), p.handler())
	ctx, cancel := context.WithCancel(context.Background())
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		for _, k := range []string{"a", "b", "c"} {
			if err := r.Enqueue(ctx, tx, key(k), nil); err != nil {
				return err
			}
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	stopped := make(chan error, 1)
	go func() { stopped <- r.Work(ctx, 10*time.Millisecond, 2, func(err error) { t.Error(err) }) }()
	deadline := time.Now().Add(10 * time.Second)
	for _, k := range []string{"a", "b", "c"} {
		for state(t, pool, key(k)) != effect.Completed {
			if time.Now().After(deadline) {
				t.Fatalf("%s not completed by the worker", k)
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	cancel()
	select {
	case err := <-stopped:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Work returned %v, want context.Canceled", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Work did not stop")
	}
	if req, _, _ := p.counts(); req != 3 {
		t.Fatalf("provider saw %d requests, want 3", req)
	}
	if err := r.Work(context.Background(), 0, 1, nil); err == nil {
		t.Fatal("Work accepted a zero interval")
	}
}
