package claim_test

import (
	"context"
	"fmt"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/idemvet/idemvet/internal/pgtest"
	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// The benchmarks compare Do around a one-row insert with the same insert in
// a bare BEGIN/INSERT/COMMIT, and a replay with one SELECT by primary key.
// The Ratio benchmarks alternate the two within each iteration (and within
// each goroutine), so both see the same machine load, and report their
// ratio: the figures to quote on a shared machine (see README.md).

const benchConns = 32

// benchEnv is an env with a pool of benchConns connections whose sessions
// run with synchronous_commit set as given.
func benchEnv(b *testing.B, syncCommit string) *env {
	pool := pgtest.NewPool(b, func(cfg *pgxpool.Config) {
		cfg.MaxConns = benchConns
		cfg.ConnConfig.RuntimeParams["synchronous_commit"] = syncCommit
	})
	ctx := context.Background()
	if err := claim.Migrate(ctx, pool); err != nil {
		b.Fatal(err)
	}
	if _, err := pool.Exec(ctx, paymentsDDL); err != nil {
		b.Fatal(err)
	}
	c, err := claim.New(pool, claim.Options{})
	if err != nil {
		b.Fatal(err)
	}
	e := &env{t: b, pool: pool, c: c}
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

func sequential(b *testing.B, f func(context.Context, *env) error) {
	e := benchEnv(b, "on")
	ctx := context.Background()
	for b.Loop() {
		if err := f(ctx, e); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkBareTx(b *testing.B) { sequential(b, bareInsert) }
func BenchmarkDo(b *testing.B)     { sequential(b, claimedInsert) }

// replayer returns a function that replays one stored key, and one that
// selects the stored payment by primary key: the yardstick for a replay.
func replayer(b *testing.B, e *env) (replay, selectByID func(context.Context) error) {
	ctx := context.Background()
	k := benchKey("replay")
	first, err := e.c.Do(ctx, k, nil, pay(k, 1))
	if err != nil {
		b.Fatal(err)
	}
	fn := func(context.Context, pgx.Tx) (claim.Outcome, error) {
		b.Error("replay executed the function")
		return claim.Outcome{}, nil
	}
	replay = func(ctx context.Context) error {
		res, err := e.c.Do(ctx, k, nil, fn)
		if err == nil && !res.Replayed {
			err = fmt.Errorf("not a replay: %+v", res)
		}
		return err
	}
	selectByID = func(ctx context.Context) error {
		var amount int
		return e.pool.QueryRow(ctx, "SELECT amount FROM payments WHERE id = $1", first.Outcome.ResourceID).Scan(&amount)
	}
	return replay, selectByID
}

func BenchmarkDoReplay(b *testing.B) {
	e := benchEnv(b, "on")
	replay, _ := replayer(b, e)
	for b.Loop() {
		if err := replay(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSelectByID(b *testing.B) {
	e := benchEnv(b, "on")
	_, selectByID := replayer(b, e)
	for b.Loop() {
		if err := selectByID(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

// alternate runs base then measured in each step of loop and reports the
// ratio of their total times under metric.
func alternate(b *testing.B, metric string, loop func(step func()), base, measured func(context.Context) error) {
	ctx := context.Background()
	var baseNs, measuredNs atomic.Int64
	b.ResetTimer()
	loop(func() {
		t0 := time.Now()
		if err := base(ctx); err != nil {
			b.Error(err)
		}
		t1 := time.Now()
		if err := measured(ctx); err != nil {
			b.Error(err)
		}
		baseNs.Add(int64(t1.Sub(t0)))
		measuredNs.Add(int64(time.Since(t1)))
	})
	b.ReportMetric(float64(measuredNs.Load())/float64(baseNs.Load()), metric)
}

func inSequence(b *testing.B) func(func()) {
	return func(step func()) {
		for b.Loop() {
			step()
		}
	}
}

// inParallel runs step from benchConns goroutines regardless of GOMAXPROCS.
func inParallel(b *testing.B) func(func()) {
	return func(step func()) {
		b.SetParallelism((benchConns + runtime.GOMAXPROCS(0) - 1) / runtime.GOMAXPROCS(0))
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				step()
			}
		})
	}
}

// BenchmarkRatio: Do against a bare transaction doing the same insert,
// with synchronous_commit on (each commit waits for its WAL flush, as in
// production) and off (the per-statement cost shows), sequentially and
// from 32 goroutines on distinct keys. In the parallel runs, do/bare is
// also the inverse of the throughput ratio: both run at the same
// concurrency, so throughput(Do)/throughput(bare) = 1/(do/bare).
func BenchmarkRatio(b *testing.B) {
	for _, syncCommit := range []string{"on", "off"} {
		for _, mode := range []string{"sequential", "parallel32"} {
			b.Run("synchronous_commit="+syncCommit+"/"+mode, func(b *testing.B) {
				e := benchEnv(b, syncCommit)
				loop := inSequence(b)
				if mode == "parallel32" {
					loop = inParallel(b)
				}
				alternate(b, "do/bare", loop,
					func(ctx context.Context) error { return bareInsert(ctx, e) },
					func(ctx context.Context) error { return claimedInsert(ctx, e) })
			})
		}
	}
	// The WAL each side writes per call, a large part of what is left of the
	// cost with synchronous_commit off. The WAL is the cluster's: writes to
	// other databases in between count too, so read the minimum of runs.
	b.Run("wal-bytes", func(b *testing.B) {
		e := benchEnv(b, "off")
		ctx := context.Background()
		lsn := func() int64 {
			var n int64
			if err := e.pool.QueryRow(ctx, "SELECT pg_current_wal_insert_lsn() - '0/0'").Scan(&n); err != nil {
				b.Fatal(err)
			}
			return n
		}
		var bareBytes, doBytes int64
		for b.Loop() {
			t0 := lsn()
			if err := bareInsert(ctx, e); err != nil {
				b.Fatal(err)
			}
			t1 := lsn()
			if err := claimedInsert(ctx, e); err != nil {
				b.Fatal(err)
			}
			bareBytes += t1 - t0
			doBytes += lsn() - t1
		}
		b.ReportMetric(float64(bareBytes)/float64(b.N), "wal-B/bare")
		b.ReportMetric(float64(doBytes)/float64(b.N), "wal-B/do")
	})
	b.Run("replay/select-by-id", func(b *testing.B) {
		e := benchEnv(b, "on")
		replay, selectByID := replayer(b, e)
		alternate(b, "replay/select", inSequence(b), selectByID, replay)
	})
}
