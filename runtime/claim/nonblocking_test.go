package claim_test

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/claim"
)

func TestNonBlockingDuplicateAnswersAtOnce(t *testing.T) {
	for _, nonBlocking := range []bool{true, false} {
		t.Run(fmt.Sprintf("NonBlocking=%v", nonBlocking), func(t *testing.T) {
			const lockTimeout = 700 * time.Millisecond
			e := newEnv(t, claim.Options{NonBlocking: nonBlocking, LockTimeout: lockTimeout, MaxWaiters: -1}, 4)
			e.warm(4)
			ctx := ctxTimeout(t, 30*time.Second)
			k := claim.Key{Scope: "a", Operation: "op", Key: "held"}
			release, done := holdKey(t, e, k, false)

			const dups = 12 // three times the pool
			var wg sync.WaitGroup
			errs := make([]error, dups)
			waited := make([]time.Duration, dups)
			for i := range dups {
				wg.Go(func() {
					t0 := time.Now()
					_, errs[i] = e.c.Do(ctx, k, nil, pay(k, 1))
					waited[i] = time.Since(t0)
				})
			}
			wg.Wait()
			// Meanwhile the holder still runs: an unrelated key gets a connection
			// at once, and the duplicates hold none.
			t0 := time.Now()
			other := claim.Key{Scope: "a", Operation: "op", Key: "unrelated"}
			if _, err := e.c.Do(ctx, other, nil, pay(other, 1)); err != nil {
				t.Fatal(err)
			}
			unrelated := time.Since(t0)
			close(release)
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			for i, err := range errs {
				if !errors.Is(err, claim.ErrInProgress) {
					t.Fatalf("duplicate %d: %v, want ErrInProgress", i, err)
				}
			}
			slowest := slices.Max(waited)
			t.Logf("slowest of %d duplicates answered in %v; unrelated key took %v", dups, slowest, unrelated)
			// A duplicate that waited for the holder takes the whole lock
			// timeout (the near miss below); one answered at once takes
			// less, however loaded the machine is.
			if nonBlocking && slowest >= lockTimeout {
				t.Fatalf("non-blocking duplicates took up to %v, want under the %v lock timeout that a waiting duplicate takes whole", slowest, lockTimeout)
			}
			// The near miss: in blocking mode every duplicate waits out the
			// lock timeout, queuing on the pool.
			if !nonBlocking && slowest < lockTimeout {
				t.Fatalf("blocking duplicates answered after %v, before the %v lock timeout", slowest, lockTimeout)
			}
			// After the commit, a duplicate replays in either mode.
			res, err := e.c.Do(ctx, k, nil, pay(k, 1))
			if err != nil || !res.Replayed || string(res.Outcome.Body) != "holder" {
				t.Fatalf("after the commit: %+v, %v; want a replay", res, err)
			}
			if n := e.payments(k); n != 1 {
				t.Fatalf("%d payments, want 1", n)
			}
		})
	}
}

// TestNonBlockingNeverRefusesAnotherKey checks that the gate only shortens
// the wait of a duplicate: a key whose gate is taken by another session (a
// hash collision, simulated) still executes, and distinct keys under load
// never get ErrInProgress.
func TestNonBlockingNeverRefusesAnotherKey(t *testing.T) {
	e := newEnv(t, claim.Options{NonBlocking: true}, 33)
	e.warm(33)
	ctx := ctxTimeout(t, 60*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "collides"}

	// Another session holds k's gate in a transaction, as a colliding key's
	// holder would.
	collider, err := e.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer collider.Rollback(ctx)
	var taken bool
	if err := collider.QueryRow(ctx, "SELECT pg_try_advisory_xact_lock($1)", claim.GateID(k)).Scan(&taken); err != nil || !taken {
		t.Fatalf("taking the gate: %v, %v", taken, err)
	}
	res, err := e.c.Do(ctx, k, nil, pay(k, 1))
	if err != nil || res.Replayed {
		t.Fatalf("key with a busy gate but no holder: %+v, %v; want an execution", res, err)
	}
	// The near miss: a real holder of the key with the gate busy is refused.
	held := claim.Key{Scope: "a", Operation: "op", Key: "held"}
	release, done := holdKey(t, e, held, false)
	if _, err := e.c.Do(ctx, held, nil, pay(held, 1)); !errors.Is(err, claim.ErrInProgress) {
		t.Fatalf("duplicate of a held key: %v, want ErrInProgress", err)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}

	// 32 callers on distinct keys, 20 keys each.
	var wg sync.WaitGroup
	var mu sync.Mutex
	var refused []error
	for g := range 32 {
		wg.Go(func() {
			for i := range 20 {
				k := claim.Key{Scope: "a", Operation: "op", Key: fmt.Sprintf("k-%d-%d", g, i)}
				if _, err := e.c.Do(ctx, k, nil, pay(k, 1)); err != nil {
					mu.Lock()
					refused = append(refused, err)
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if len(refused) > 0 {
		t.Fatalf("%d of 640 distinct keys failed, first: %v", len(refused), refused[0])
	}
}

func TestMaxWaitersCapsTheQueuePerKey(t *testing.T) {
	for _, maxWaiters := range []int{2, -1} {
		t.Run(fmt.Sprintf("MaxWaiters=%d", maxWaiters), func(t *testing.T) {
			e := newEnv(t, claim.Options{MaxWaiters: maxWaiters, LockTimeout: 10 * time.Second}, 12)
			e.warm(12)
			ctx := ctxTimeout(t, 30*time.Second)
			k := claim.Key{Scope: "a", Operation: "op", Key: "held"}
			release, done := holdKey(t, e, k, false)
			const dups = 10
			res := &tally{bodies: map[string]int{}}
			var wg sync.WaitGroup
			for range dups {
				wg.Go(func() { res.add(e.c.Do(ctx, k, nil, pay(k, 1))) })
			}
			// The refused answer without waiting for the holder; give the
			// others time to queue on the key, then let the holder commit.
			time.Sleep(300 * time.Millisecond)
			close(release)
			wg.Wait()
			if err := <-done; err != nil {
				t.Fatal(err)
			}
			t.Logf("replayed=%d in-progress=%d other=%v", res.replayed, res.inProgress, res.other)
			if len(res.other) > 0 || res.executed != 0 {
				t.Fatalf("unexpected: %+v", res)
			}
			want := dups
			if maxWaiters >= 0 {
				want = maxWaiters
			}
			if res.replayed != want || res.inProgress != dups-want {
				t.Fatalf("%d replays and %d in progress, want %d and %d", res.replayed, res.inProgress, want, dups-want)
			}
		})
	}
}
