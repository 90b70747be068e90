package effect_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/effect"
	"github.com/jackc/pgx/v5/pgxpool"
)

// errCrash stands for the process dying: a panic that no code of the
// package recovers, raised after the provider answered and before anything
// was recorded.
var errCrash = errors.New("simulated crash")

// crashAfterCall is p's handler whose Call dies right after the provider
// applied the charge.
func crashAfterCall(p *provider) effect.Handler {
	h := p.handler()
	call := h.Call
	h.Call = func(ctx context.Context, a effect.Attempt) ([]byte, error) {
		if _, err := call(ctx, a); err != nil {
			return nil, err
		}
		panic(errCrash)
	}
	return h
}

// runCrashing runs k on a Runner whose process "crashes" after the call.
func runCrashing(t testing.TB, pool *pgxpool.Pool, opts effect.Options, p *provider, k effect.Key) {
	t.Helper()
	r := newRunner(t, pool, opts, crashAfterCall(p))
	defer func() {
		if err, _ := recover().(error); !errors.Is(err, errCrash) {
			t.Fatalf("recovered %v, want the simulated crash", err)
		}
	}()
	r.Run(context.Background(), k, []byte(`{"amount":100}`))
}

// fault is one way a logical operation can go wrong, run to its end.
type fault struct {
	name string
	// run drives one logical operation k, under the fault, to a terminal
	// state, checking what the callers see on the way.
	run func(t *testing.T, pool *pgxpool.Pool, p *provider, k effect.Key)
	// Expected provider traffic for the operation; lookups < 0: at least
	// one, depending on timing.
	requests, lookups int
	applied           int // charges made; 0 means the target, 1
}

var faults = []fault{
	{
		name: "no fault (baseline)",
		run: func(t *testing.T, pool *pgxpool.Pool, p *provider, k effect.Key) {
			r := newRunner(t, pool, fastOptions(), p.handler())
			res, err := r.Run(context.Background(), k, []byte(`{"amount":100}`))
			if err != nil || res.State != effect.Completed {
				t.Fatalf("got %+v, %v", res, err)
			}
		},
		requests: 1, lookups: 0,
	},
	{
		name: "crash after the call, before recording",
		run: func(t *testing.T, pool *pgxpool.Pool, p *provider, k effect.Key) {
			opts := fastOptions()
			opts.Lease, opts.CallTimeout = time.Second, 300*time.Millisecond
			runCrashing(t, pool, opts, p, k)
			// A client retrying at once finds the lease held: not run.
			restarted := newRunner(t, pool, opts, p.handler())
			if _, err := restarted.Run(context.Background(), k, []byte(`{"amount":100}`)); !errors.Is(err, effect.ErrInProgress) {
				t.Fatalf("retry within the lease: got %v, want ErrInProgress", err)
			}
			if s := settle(t, restarted, pool, k); s != effect.Completed {
				t.Fatalf("settled as %s", s)
			}
		},
		requests: 1, lookups: 1,
	},
	{
		name: "provider times out, completes late",
		run: func(t *testing.T, pool *pgxpool.Pool, p *provider, k effect.Key) {
			p.delay = 150 * time.Millisecond
			opts := fastOptions()
			opts.CallTimeout = 30 * time.Millisecond
			r := newRunner(t, pool, opts, p.handler())
			if _, err := r.Run(context.Background(), k, []byte(`{"amount":100}`)); !errors.Is(err, effect.ErrUnknown) ||
				!errors.Is(err, context.DeadlineExceeded) {
				t.Fatalf("got %v, want ErrUnknown from the deadline", err)
			}
			if s := settle(t, r, pool, k); s != effect.Completed {
				t.Fatalf("settled as %s", s)
			}
		},
		requests: 1, lookups: -1,
	},
	{
		name: "provider returns 500 before applying, then succeeds",
		run: func(t *testing.T, pool *pgxpool.Pool, p *provider, k effect.Key) {
			p.fail5xxFirst = 1
			r := newRunner(t, pool, fastOptions(), p.handler())
			if _, err := r.Run(context.Background(), k, []byte(`{"amount":100}`)); !errors.Is(err, errProvider5xx) {
				t.Fatalf("got %v, want the 500", err)
			}
			if s := settle(t, r, pool, k); s != effect.Completed {
				t.Fatalf("settled as %s", s)
			}
		},
		requests: 2, lookups: 1,
	},
	{
		name: "provider applies, returns 500, then replays success",
		run: func(t *testing.T, pool *pgxpool.Pool, p *provider, k effect.Key) {
			p.fail5xxAfter = 1
			r := newRunner(t, pool, fastOptions(), p.handler())
			if _, err := r.Run(context.Background(), k, []byte(`{"amount":100}`)); !errors.Is(err, effect.ErrUnknown) {
				t.Fatalf("got %v, want ErrUnknown", err)
			}
			if s := settle(t, r, pool, k); s != effect.Completed {
				t.Fatalf("settled as %s", s)
			}
		},
		requests: 1, lookups: 1,
	},
	{
		name: "two workers race for one stale key",
		run: func(t *testing.T, pool *pgxpool.Pool, p *provider, k effect.Key) {
			opts := fastOptions()
			opts.Lease, opts.CallTimeout = 400*time.Millisecond, 150*time.Millisecond
			runCrashing(t, pool, opts, p, k)
			time.Sleep(opts.Lease + 50*time.Millisecond)
			// Two processes: two pools, two Runners, released together.
			other := pgxpool.Config(*pool.Config())
			pool2, err := pgxpool.NewWithConfig(context.Background(), &other)
			if err != nil {
				t.Fatal(err)
			}
			defer pool2.Close()
			workers := []*effect.Runner{newRunner(t, pool, opts, p.handler()), newRunner(t, pool2, opts, p.handler())}
			var wg sync.WaitGroup
			start := make(chan struct{})
			stats := make([]effect.Stats, len(workers))
			errs := make([]error, len(workers))
			for i, w := range workers {
				wg.Go(func() { <-start; stats[i], errs[i] = w.ResumeDue(context.Background(), 10) })
			}
			close(start)
			wg.Wait()
			if err := errors.Join(errs...); err != nil {
				t.Fatal(err)
			}
			if done := stats[0].Completed + stats[1].Completed; done != 1 {
				t.Fatalf("worker passes %+v: %d completions, want exactly 1", stats, done)
			}
		},
		requests: 1, lookups: 1,
	},
	{
		name: "lease expires mid-call",
		run: func(t *testing.T, pool *pgxpool.Pool, p *provider, k effect.Key) {
			opts := fastOptions()
			opts.Lease, opts.CallTimeout = 400*time.Millisecond, 150*time.Millisecond
			// The first worker's call reaches the provider, which applies
			// it; the answer is then stuck (a client library that ignores
			// its deadline) well past the lease.
			stuck := p.handler()
			call, answered, release := stuck.Call, make(chan struct{}), make(chan struct{})
			stuck.Call = func(ctx context.Context, a effect.Attempt) ([]byte, error) {
				answer, err := call(ctx, a)
				close(answered)
				<-release
				return answer, err
			}
			first := newRunner(t, pool, opts, stuck)
			done := make(chan error, 1)
			go func() {
				_, err := first.Run(context.Background(), k, []byte(`{"amount":100}`))
				done <- err
			}()
			<-answered
			time.Sleep(opts.Lease + 50*time.Millisecond)
			second := newRunner(t, pool, opts, p.handler())
			if s := settle(t, second, pool, k); s != effect.Completed {
				t.Fatalf("settled as %s", s)
			}
			close(release)
			if err := <-done; !errors.Is(err, effect.ErrLeaseLost) {
				t.Fatalf("the stalled worker's record: got %v, want ErrLeaseLost", err)
			}
		},
		requests: 1, lookups: 1,
	},
	{
		// The negative control: the same crash, with a reconciliation that
		// answers NotApplied without asking and a provider that ignores
		// idempotency keys. It must charge twice, or this harness could not
		// see a duplicate.
		name: "control: crash, blind reconcile, provider without idempotency",
		run: func(t *testing.T, pool *pgxpool.Pool, p *provider, k effect.Key) {
			p.ignoreKeys = true
			opts := fastOptions()
			opts.Lease, opts.CallTimeout = 400*time.Millisecond, 150*time.Millisecond
			runCrashing(t, pool, opts, p, k)
			blind := p.handler()
			blind.Reconcile = func(context.Context, effect.Attempt) (effect.Verdict, []byte, error) {
				return effect.NotApplied, nil, nil
			}
			if s := settle(t, newRunner(t, pool, opts, blind), pool, k); s != effect.Completed {
				t.Fatalf("settled as %s", s)
			}
		},
		requests: 2, lookups: 0, applied: 2,
	},
}

// TestFaults runs each fault several times, checks the provider traffic of
// every logical operation exactly, and logs calls per operation: the figures
// in the README.
func TestFaults(t *testing.T) {
	const ops = 5
	pool := newPool(t)
	var table []string
	for _, f := range faults {
		t.Run(f.name, func(t *testing.T) {
			var requests, lookups, applied int
			for i := range ops {
				p := newProvider(t)
				k := key(fmt.Sprintf("%s/%d", f.name, i))
				f.run(t, pool, p, k)
				p.inflight.Wait()
				req, look, app := p.counts()
				wantApplied := max(f.applied, 1)
				if app != wantApplied || req != f.requests || (f.lookups >= 0 && look != f.lookups) || (f.lookups < 0 && look < 1) {
					t.Fatalf("op %d: %d requests, %d lookups, %d charges; want %d, %d, %d",
						i, req, look, app, f.requests, f.lookups, wantApplied)
				}
				requests, lookups, applied = requests+req, lookups+look, applied+app
			}
			table = append(table, fmt.Sprintf("| %s | %.1f | %.1f | %.1f |", f.name,
				float64(requests)/ops, float64(applied)/ops, float64(lookups)/ops))
		})
	}
	t.Logf("per logical operation, %d operations each:\n| fault | provider requests | charges applied | status lookups |\n|---|---|---|---|\n%s",
		ops, joinLines(table))
}

func joinLines(lines []string) string {
	var s string
	for _, l := range lines {
		s += l + "\n"
	}
	return s
}
