package claim_test

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
)

// The benchmarks compare Do around a one-row insert with the same insert in
// a bare BEGIN/INSERT/COMMIT, sequentially and with 16 concurrent callers,
// and measure the replay path. Run them in one invocation and compare the
// ratios (see README.md): absolute numbers on shared machines mean little.

const benchConns = 16

func benchEnv(b *testing.B) *env {
	e := newEnv(b, claim.Options{}, benchConns)
	e.warm(benchConns)
	return e
}

var benchSeq atomic.Int64

func benchKey(prefix string) claim.Key {
	return claim.Key{Scope: "bench", Operation: "POST /payments", Key: fmt.Sprintf("%s-%d", prefix, benchSeq.Add(1))}
}

func bareInsert(ctx context.Context, e *env) error {
	tx, err := e.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "INSERT INTO payments (scope, key, amount) VALUES ($1, $2, $3) RETURNING id", "bench", "bare", 1); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func claimedInsert(ctx context.Context, e *env) error {
	k := benchKey("first")
	_, err := e.c.Do(ctx, k, nil, pay(k, 1))
	return err
}

// parallel runs f from 16 goroutines regardless of GOMAXPROCS, matching the
// pool size.
func parallel(b *testing.B, f func(context.Context, *env) error) {
	e := benchEnv(b)
	ctx := context.Background()
	b.SetParallelism((benchConns + runtime.GOMAXPROCS(0) - 1) / runtime.GOMAXPROCS(0))
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if err := f(ctx, e); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

func sequential(b *testing.B, f func(context.Context, *env) error) {
	e := benchEnv(b)
	ctx := context.Background()
	b.ResetTimer()
	for b.Loop() {
		if err := f(ctx, e); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBareTx(b *testing.B)           { sequential(b, bareInsert) }
func BenchmarkDo(b *testing.B)               { sequential(b, claimedInsert) }
func BenchmarkBareTxParallel16(b *testing.B) { parallel(b, bareInsert) }
func BenchmarkDoParallel16(b *testing.B)     { parallel(b, claimedInsert) }

func BenchmarkDoReplay(b *testing.B) {
	e := benchEnv(b)
	ctx := context.Background()
	k := benchKey("replay")
	if _, err := e.c.Do(ctx, k, nil, pay(k, 1)); err != nil {
		b.Fatal(err)
	}
	fn := func(context.Context, pgx.Tx) (claim.Outcome, error) {
		b.Fatal("replay executed the function")
		return claim.Outcome{}, nil
	}
	b.ResetTimer()
	for b.Loop() {
		res, err := e.c.Do(ctx, k, nil, fn)
		if err != nil || !res.Replayed {
			b.Fatal(res, err)
		}
	}
}

// BenchmarkSelectOne is one bare round trip, the yardstick for the replay.
func BenchmarkSelectOne(b *testing.B) {
	sequential(b, func(ctx context.Context, e *env) error {
		var one int
		return e.pool.QueryRow(ctx, "SELECT 1").Scan(&one)
	})
}

// BenchmarkRatio alternates a bare transaction and Do within each iteration
// (and within each goroutine), so that both see the same machine load, and
// reports do/bare: the figure to quote on a shared, noisy machine.
func BenchmarkRatio(b *testing.B) {
	run := func(b *testing.B, each func(func())) {
		e := benchEnv(b)
		ctx := context.Background()
		var bareNs, doNs atomic.Int64
		b.ResetTimer()
		each(func() {
			t0 := time.Now()
			if err := bareInsert(ctx, e); err != nil {
				b.Error(err)
			}
			t1 := time.Now()
			if err := claimedInsert(ctx, e); err != nil {
				b.Error(err)
			}
			bareNs.Add(int64(t1.Sub(t0)))
			doNs.Add(int64(time.Since(t1)))
		})
		b.ReportMetric(float64(doNs.Load())/float64(bareNs.Load()), "do/bare")
	}
	b.Run("sequential", func(b *testing.B) {
		run(b, func(f func()) {
			for b.Loop() {
				f()
			}
		})
	})
	b.Run("parallel16", func(b *testing.B) {
		run(b, func(f func()) {
			b.SetParallelism((benchConns + runtime.GOMAXPROCS(0) - 1) / runtime.GOMAXPROCS(0))
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					f()
				}
			})
		})
	})
}
