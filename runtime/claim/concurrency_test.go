package claim_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
)

// tally classifies the results of concurrent calls.
type tally struct {
	mu                             sync.Mutex
	executed, replayed, inProgress int
	other                          []error
	bodies                         map[string]int
}

func (t *tally) add(res claim.Result, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case errors.Is(err, claim.ErrInProgress):
		t.inProgress++
	case err != nil:
		t.other = append(t.other, err)
	case res.Replayed:
		t.replayed++
		t.bodies[string(res.Outcome.Body)]++
	default:
		t.executed++
		t.bodies[string(res.Outcome.Body)]++
	}
}

// hammer releases n goroutines at once (a barrier) on the same key.
func hammer(e *env, k claim.Key, n int, fn claim.Func) *tally {
	ctx := ctxTimeout(e.t, 60*time.Second)
	e.warm(int(e.pool.Config().MaxConns))
	t := &tally{bodies: map[string]int{}}
	start := make(chan struct{})
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			<-start
			t.add(e.c.Do(ctx, k, fp(e.t, map[string]int{"amount": 7}), fn))
		})
	}
	close(start)
	wg.Wait()
	return t
}

// slowPay holds the claim for a while, so that the duplicates really queue
// up behind the open transaction instead of arriving after its commit.
func slowPay(k claim.Key, hold time.Duration) claim.Func {
	return func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		if _, err := tx.Exec(ctx, "SELECT pg_sleep($1)", hold.Seconds()); err != nil {
			return claim.Outcome{}, err
		}
		return pay(k, 7)(ctx, tx)
	}
}

func TestSixtyFourConcurrentCallsOneEffect(t *testing.T) {
	for _, iso := range []pgx.TxIsoLevel{pgx.ReadCommitted, pgx.Serializable} {
		for _, lockTimeout := range []time.Duration{5 * time.Second, 20 * time.Millisecond} {
			t.Run(fmt.Sprintf("%s/lock_timeout=%v", iso, lockTimeout), func(t *testing.T) {
				e := newEnv(t, claim.Options{Isolation: iso, LockTimeout: lockTimeout, MaxWaiters: -1}, 40)
				k := claim.Key{Scope: "a", Operation: "POST /payments", Key: "hot"}
				res := hammer(e, k, 64, slowPay(k, 100*time.Millisecond))
				t.Logf("executed=%d replayed=%d in-progress=%d other=%v",
					res.executed, res.replayed, res.inProgress, res.other)
				if len(res.other) > 0 {
					t.Fatalf("unexpected errors: %v", res.other)
				}
				if res.executed != 1 || e.payments(k) != 1 {
					t.Fatalf("executed %d times, %d payments; want exactly one", res.executed, e.payments(k))
				}
				if res.executed+res.replayed+res.inProgress != 64 {
					t.Fatalf("lost calls: %+v", res)
				}
				if len(res.bodies) != 1 {
					t.Fatalf("callers saw %d different outcomes: %v", len(res.bodies), res.bodies)
				}
				// A short lock timeout must actually produce in-progress
				// answers, and a long one must let everyone replay.
				if lockTimeout < 100*time.Millisecond && res.inProgress == 0 {
					t.Fatalf("no caller hit the %v lock timeout while the key was held for 100ms", lockTimeout)
				}
				if lockTimeout > time.Second && res.replayed != 63 {
					t.Fatalf("%d replays with a %v lock timeout, want 63", res.replayed, lockTimeout)
				}
			})
		}
	}
}

// TestBarrierCatchesCheckThenAct is the control for the test above: the same
// barrier against a check-then-act guard must produce duplicates, or the
// barrier proves nothing.
func TestBarrierCatchesCheckThenAct(t *testing.T) {
	e := newEnv(t, claim.Options{}, 16)
	e.warm(16)
	ctx := ctxTimeout(t, 60*time.Second)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			<-start
			var exists bool
			if err := e.pool.QueryRow(ctx, "SELECT EXISTS (SELECT FROM payments WHERE key = 'naive')").Scan(&exists); err != nil {
				t.Error(err)
				return
			}
			if !exists {
				time.Sleep(100 * time.Millisecond) // the window every real handler has
				e.pool.Exec(ctx, "INSERT INTO payments (scope, key, amount) VALUES ('a', 'naive', 1)")
			}
		})
	}
	close(start)
	wg.Wait()
	if n := e.payments(claim.Key{Scope: "a", Key: "naive"}); n < 2 {
		t.Fatalf("check-then-act produced %d rows under the barrier; the barrier does not create contention", n)
	}
}

func TestTwoHundredKeysEightCallersEach(t *testing.T) {
	e := newEnv(t, claim.Options{MaxWaiters: -1}, 32)
	e.warm(32)
	ctx := ctxTimeout(t, 120*time.Second)
	const keys, callers = 200, 8
	var executed [keys]atomic.Int32
	var replayed, other atomic.Int32
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range keys {
		k := claim.Key{Scope: "a", Operation: "POST /payments", Key: fmt.Sprintf("key-%03d", i)}
		for range callers {
			wg.Go(func() {
				<-start
				res, err := e.c.Do(ctx, k, nil, pay(k, i))
				switch {
				case err != nil:
					other.Add(1)
					t.Errorf("%s: %v", k.Key, err)
				case res.Replayed:
					replayed.Add(1)
				default:
					executed[i].Add(1)
				}
			})
		}
	}
	close(start)
	wg.Wait()
	for i := range keys {
		if n := executed[i].Load(); n != 1 {
			t.Errorf("key-%03d executed %d times", i, n)
		}
	}
	if n := e.count("SELECT count(*) FROM payments"); n != keys {
		t.Fatalf("%d payments, want %d", n, keys)
	}
	if n := e.count("SELECT count(DISTINCT key) FROM payments"); n != keys {
		t.Fatalf("%d distinct keys paid, want %d", n, keys)
	}
	if replayed.Load() != keys*(callers-1) {
		t.Fatalf("%d replays, want %d", replayed.Load(), keys*(callers-1))
	}
}
