package claim_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// writeSkew returns, for two keys, functions that each read every payment and
// then insert one, waiting on the first attempt until both have read: at
// SERIALIZABLE that is a dangerous structure and one must fail with 40001.
func writeSkew(t *testing.T, keys [2]claim.Key, calls *atomic.Int32) [2]claim.Func {
	var bothRead sync.WaitGroup
	bothRead.Add(2)
	var fns [2]claim.Func
	for i, k := range keys {
		var attempts atomic.Int32
		fns[i] = func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
			calls.Add(1)
			var n int
			if err := tx.QueryRow(ctx, "SELECT count(*) FROM payments").Scan(&n); err != nil {
				return claim.Outcome{}, err
			}
			if attempts.Add(1) == 1 {
				bothRead.Done()
				bothRead.Wait()
			}
			return pay(k, n)(ctx, tx)
		}
	}
	return fns
}

func runPair(t *testing.T, e *env, keys [2]claim.Key, fns [2]claim.Func) [2]error {
	ctx := ctxTimeout(t, 60*time.Second)
	var errs [2]error
	var wg sync.WaitGroup
	for i := range 2 {
		wg.Go(func() { _, errs[i] = e.c.Do(ctx, keys[i], nil, fns[i]) })
	}
	wg.Wait()
	return errs
}

func TestSerializationFailureIsRetriedAsAWhole(t *testing.T) {
	keys := [2]claim.Key{{Scope: "a", Operation: "op", Key: "k1"}, {Scope: "a", Operation: "op", Key: "k2"}}
	t.Run("serializable", func(t *testing.T) {
		e := newEnv(t, claim.Options{Isolation: pgx.Serializable}, 4)
		var calls atomic.Int32
		errs := runPair(t, e, keys, writeSkew(t, keys, &calls))
		if errs[0] != nil || errs[1] != nil {
			t.Fatalf("errors %v; want the conflict absorbed by a retry", errs)
		}
		// Both, then the loser again; again more than once if, on a loaded
		// machine, the loser's retry overlaps the winner before its commit.
		if calls.Load() < 3 {
			t.Fatalf("%d function calls, want at least 3: both, then the loser again", calls.Load())
		}
		if e.count("SELECT count(*) FROM payments") != 2 || e.count("SELECT count(*) FROM idemvet_claims") != 2 {
			t.Fatal("want exactly one payment and one claim per key")
		}
	})
	t.Run("bound of one attempt", func(t *testing.T) {
		e := newEnv(t, claim.Options{Isolation: pgx.Serializable, MaxAttempts: 1}, 4)
		var calls atomic.Int32
		errs := runPair(t, e, keys, writeSkew(t, keys, &calls))
		failed := 0
		for _, err := range errs {
			if err != nil {
				if !errors.Is(err, claim.ErrRetriesExhausted) || !claim.Retryable(err) {
					t.Fatalf("err = %v, want ErrRetriesExhausted wrapping a 40001", err)
				}
				failed++
			}
		}
		if failed != 1 || calls.Load() != 2 {
			t.Fatalf("%d failures after %d calls; want one failure and no retry", failed, calls.Load())
		}
		if e.count("SELECT count(*) FROM idemvet_claims") != 1 {
			t.Fatal("the failed attempt left its claim behind")
		}
	})
	t.Run("read committed has no conflict", func(t *testing.T) { // near miss
		e := newEnv(t, claim.Options{}, 4)
		var calls atomic.Int32
		errs := runPair(t, e, keys, writeSkew(t, keys, &calls))
		if errs[0] != nil || errs[1] != nil || calls.Load() != 2 {
			t.Fatalf("errors %v after %d calls; want two clean executions", errs, calls.Load())
		}
	})
}

func TestRetryBound(t *testing.T) {
	e := newEnv(t, claim.Options{MaxAttempts: 3, Backoff: time.Millisecond}, 2)
	ctx := ctxTimeout(t, 30*time.Second)
	for _, tc := range []struct {
		code      string
		wantCalls int
		exhausted bool
	}{
		{"40001", 3, true},  // serialization_failure
		{"40P01", 3, true},  // deadlock_detected
		{"23505", 1, false}, // unique_violation: not retried
	} {
		k := claim.Key{Scope: "a", Operation: "op", Key: tc.code}
		calls := 0
		_, err := e.c.Do(ctx, k, nil, func(context.Context, pgx.Tx) (claim.Outcome, error) {
			calls++
			return claim.Outcome{}, &pgconn.PgError{Code: tc.code, Message: "injected"}
		})
		if calls != tc.wantCalls || errors.Is(err, claim.ErrRetriesExhausted) != tc.exhausted {
			t.Errorf("%s: %d calls, err %v; want %d calls, exhausted=%v", tc.code, calls, err, tc.wantCalls, tc.exhausted)
		}
		var pgErr *pgconn.PgError
		if !errors.As(err, &pgErr) || pgErr.Code != tc.code {
			t.Errorf("%s: the database error is not wrapped: %v", tc.code, err)
		}
		if e.claims(k) != 0 {
			t.Errorf("%s: a failed attempt left its claim", tc.code)
		}
	}
}

func TestRetryBackoffRespectsContext(t *testing.T) {
	e := newEnv(t, claim.Options{MaxAttempts: 10, Backoff: 10 * time.Second}, 2)
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	started := time.Now()
	_, err := e.c.Do(ctx, claim.Key{Scope: "a", Operation: "op", Key: "k"}, nil,
		func(context.Context, pgx.Tx) (claim.Outcome, error) {
			return claim.Outcome{}, &pgconn.PgError{Code: "40001"}
		})
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(started) > 5*time.Second {
		t.Fatalf("err = %v after %v; want the deadline, promptly", err, time.Since(started))
	}
}
