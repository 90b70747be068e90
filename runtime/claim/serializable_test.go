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

// conflictRate runs 16 callers over 2,000 distinct keys at SERIALIZABLE with
// MaxAttempts 1, so that every serialization failure surfaces, and returns
// the share of calls that failed with one.
func conflictRate(t *testing.T, e *env, keyOf func(i int) string, work func(claim.Key) claim.Func) float64 {
	t.Helper()
	const callers, keys = 16, 2000
	ctx := ctxTimeout(t, 120*time.Second)
	e.warm(callers)
	var next, conflicts atomic.Int64
	var wg sync.WaitGroup
	for range callers {
		wg.Go(func() {
			for {
				i := int(next.Add(1))
				if i > keys {
					return
				}
				k := claim.Key{Scope: "a", Operation: "op", Key: keyOf(i)}
				_, err := e.c.Do(ctx, k, nil, work(k))
				switch {
				case errors.Is(err, claim.ErrRetriesExhausted) && claim.Retryable(err):
					conflicts.Add(1)
				case err != nil:
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	return float64(conflicts.Load()) / keys
}

func TestSerializableDistinctKeysDoNotConflict(t *testing.T) {
	patterns := map[string]func(i int) string{
		"sequential": func(i int) string { return fmt.Sprintf("key-%08d", i) },
		// A time-ordered key (as UUIDv7 or ULID): a clock prefix, then noise.
		"time-ordered": func(i int) string { return fmt.Sprintf("%016x-%08x", time.Now().UnixNano(), uint32(i)*2654435761) },
	}
	for name, keyOf := range patterns {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, claim.Options{Isolation: pgx.Serializable, MaxAttempts: 1}, 16)
			rate := conflictRate(t, e, keyOf, func(k claim.Key) claim.Func { return pay(k, 1) })
			t.Logf("%s keys: %.2f%% of first tries failed with 40001", name, 100*rate)
			if rate >= 0.01 {
				t.Fatalf("%.2f%% of calls on distinct keys failed with a serialization failure, want < 1%%", 100*rate)
			}
		})
	}
	// The near miss: the same run, with work that reads a table the others
	// write (a sequential scan takes a relation-wide predicate lock), must
	// show conflicts, or the measurement could not see any.
	t.Run("control", func(t *testing.T) {
		e := newEnv(t, claim.Options{Isolation: pgx.Serializable, MaxAttempts: 1}, 16)
		rate := conflictRate(t, e, patterns["sequential"], func(k claim.Key) claim.Func {
			return func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
				var n int
				if err := tx.QueryRow(ctx, "SELECT count(*) FROM payments WHERE amount = 1").Scan(&n); err != nil {
					return claim.Outcome{}, err
				}
				return pay(k, 1)(ctx, tx)
			}
		})
		t.Logf("control: %.2f%% failed with 40001", 100*rate)
		if rate < 0.05 {
			t.Fatalf("work that reads what others write conflicted on only %.2f%% of calls", 100*rate)
		}
	})
}
