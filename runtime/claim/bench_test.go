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
// The Ratio benchmarks alternate both, and the floor of any claim
// (floor_test.go), within each iteration (and within each goroutine), so
// all see the same machine load, and report their ratios: the figures to
// quote on a shared machine (see README.md).

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

// replayer returns a function that replays one stored key, one that
// selects the stored payment by primary key (the yardstick for a replay),
// and the replay's floor (floorReplayer).
func replayer(b *testing.B, e *env) (replay, selectByID, floor func(context.Context) error) {
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
	return replay, selectByID, floorReplayer(e, k.Key)
}

func BenchmarkDoReplay(b *testing.B) {
	e := benchEnv(b, "on")
	replay, _, _ := replayer(b, e)
	for b.Loop() {
		if err := replay(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSelectByID(b *testing.B) {
	e := benchEnv(b, "on")
	_, selectByID, _ := replayer(b, e)
	for b.Loop() {
		if err := selectByID(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}

// arm is one side of a comparison: name labels its ratios.
type arm struct {
	name string
	run  func(context.Context) error
}

// alternate runs base, floor and measured once each in every step of loop,
// starting with a different one in turn so that none always follows
// another, and reports the ratios of their total times: floor/base,
// measured/base and measured/floor (the figure issue 40 sets targets on).
func alternate(b *testing.B, loop func(step func()), base, floor, measured arm) {
	ctx := context.Background()
	arms := []arm{base, floor, measured}
	var ns [3]atomic.Int64
	var steps atomic.Int64
	b.ResetTimer()
	loop(func() {
		first := int(steps.Add(1))
		for i := range arms {
			j := (first + i) % len(arms)
			t0 := time.Now()
			if err := arms[j].run(ctx); err != nil {
				b.Error(err)
			}
			ns[j].Add(int64(time.Since(t0)))
		}
	})
	ratio := func(x, y int) float64 { return float64(ns[x].Load()) / float64(ns[y].Load()) }
	b.ReportMetric(ratio(1, 0), floor.name+"/"+base.name)
	b.ReportMetric(ratio(2, 0), measured.name+"/"+base.name)
	b.ReportMetric(ratio(2, 1), measured.name+"/"+floor.name)
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
				alternate(b, loop,
					arm{"bare", func(ctx context.Context) error { return bareInsert(ctx, e) }},
					arm{"floor", func(ctx context.Context) error { return floorInsert(ctx, e) }},
					arm{"do", func(ctx context.Context) error { return claimedInsert(ctx, e) }})
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
		arms := []struct {
			name string
			run  func(context.Context, *env) error
		}{{"bare", bareInsert}, {"floor", floorInsert}, {"do", claimedInsert}}
		bytes := make([]int64, len(arms))
		for b.Loop() {
			for i, a := range arms {
				t0 := lsn()
				if err := a.run(ctx, e); err != nil {
					b.Fatal(err)
				}
				bytes[i] += lsn() - t0
			}
		}
		for i, a := range arms {
			b.ReportMetric(float64(bytes[i])/float64(b.N), "wal-B/"+a.name)
		}
	})
	b.Run("replay/select-by-id", func(b *testing.B) {
		e := benchEnv(b, "on")
		replay, selectByID, floor := replayer(b, e)
		alternate(b, inSequence(b), arm{"select", selectByID}, arm{"floor", floor}, arm{"replay", replay})
	})
}
