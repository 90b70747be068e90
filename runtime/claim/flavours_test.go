package claim_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/idemvet/idemvet/internal/pgtest"
	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
	_ "github.com/lib/pq"              // database/sql driver "postgres"
)

// The same scenarios, written once, run on every flavour: the pgx Claimer,
// and the SQLClaimer over pgx's database/sql driver and over lib/pq.

// work is an operation written against any flavour: exec runs a statement
// on the transaction that holds the claim.
type work func(ctx context.Context, exec func(sql string, args ...any) error) (claim.Outcome, error)

type flavour struct {
	do func(ctx context.Context, k claim.Key, fp []byte, w work) (claim.Result, error)
	// doTx runs DoTx in a new transaction of the caller, then after(tx's
	// exec) and commits.
	doTx  func(ctx context.Context, k claim.Key, fp []byte, w work, after func(exec func(string, ...any) error) error) (claim.Result, error)
	count func(sql string, args ...any) int
}

var flavours = map[string]func(t *testing.T, opts claim.Options) flavour{
	"pgx":         pgxFlavour,
	"stdlib(pgx)": func(t *testing.T, opts claim.Options) flavour { return sqlFlavour(t, "pgx", opts) },
	"lib/pq":      func(t *testing.T, opts claim.Options) flavour { return sqlFlavour(t, "postgres", opts) },
}

const paymentsDDL = `CREATE TABLE payments (
	id bigserial PRIMARY KEY, scope text NOT NULL, key text NOT NULL, amount int NOT NULL)`

func pgxFlavour(t *testing.T, opts claim.Options) flavour {
	e := newEnv(t, opts, 20)
	on := func(tx pgx.Tx) func(string, ...any) error {
		return func(sql string, args ...any) error { _, err := tx.Exec(context.Background(), sql, args...); return err }
	}
	return flavour{
		do: func(ctx context.Context, k claim.Key, fp []byte, w work) (claim.Result, error) {
			return e.c.Do(ctx, k, fp, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) { return w(ctx, on(tx)) })
		},
		doTx: func(ctx context.Context, k claim.Key, fp []byte, w work, after func(func(string, ...any) error) error) (res claim.Result, err error) {
			txErr := pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error {
				res, err = e.c.DoTx(ctx, tx, k, fp, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) { return w(ctx, on(tx)) })
				return after(on(tx))
			})
			return res, errors.Join(err, txErr)
		},
		count: e.count,
	}
}

func sqlFlavour(t *testing.T, driver string, opts claim.Options) flavour {
	db, err := sql.Open(driver, pgtest.NewDB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	db.SetMaxOpenConns(20)
	ctx := ctxTimeout(t, 30*time.Second)
	c, err := claim.NewSQL(db, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, paymentsDDL); err != nil {
		t.Fatal(err)
	}
	on := func(tx *sql.Tx) func(string, ...any) error {
		return func(sql string, args ...any) error {
			_, err := tx.ExecContext(context.Background(), sql, args...)
			return err
		}
	}
	return flavour{
		do: func(ctx context.Context, k claim.Key, fp []byte, w work) (claim.Result, error) {
			return c.Do(ctx, k, fp, func(ctx context.Context, tx *sql.Tx) (claim.Outcome, error) { return w(ctx, on(tx)) })
		},
		doTx: func(ctx context.Context, k claim.Key, fp []byte, w work, after func(func(string, ...any) error) error) (claim.Result, error) {
			tx, err := db.BeginTx(ctx, nil)
			if err != nil {
				return claim.Result{}, err
			}
			defer tx.Rollback()
			res, err := c.DoTx(ctx, tx, k, fp, func(ctx context.Context, tx *sql.Tx) (claim.Outcome, error) { return w(ctx, on(tx)) })
			if afterErr := after(on(tx)); afterErr != nil {
				return res, errors.Join(err, afterErr)
			}
			return res, errors.Join(err, tx.Commit())
		},
		count: func(query string, args ...any) int {
			var n int
			if err := db.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		},
	}
}

func payWork(k claim.Key, amount int) work {
	return func(ctx context.Context, exec func(string, ...any) error) (claim.Outcome, error) {
		if err := exec("INSERT INTO payments (scope, key, amount) VALUES ($1, $2, $3)", k.Scope, k.Key, amount); err != nil {
			return claim.Outcome{}, err
		}
		return claim.Outcome{Status: 201, Body: fmt.Appendf(nil, "paid %s", k.Key)}, nil
	}
}

func forEachFlavour(t *testing.T, opts claim.Options, test func(t *testing.T, f flavour)) {
	for name, open := range flavours {
		t.Run(name, func(t *testing.T) { test(t, open(t, opts)) })
	}
}

func (f flavour) payments(k claim.Key) int {
	return f.count("SELECT count(*) FROM payments WHERE scope = $1 AND key = $2", k.Scope, k.Key)
}

func TestFlavoursExecuteReplayAndRefuse(t *testing.T) {
	forEachFlavour(t, claim.Options{}, func(t *testing.T, f flavour) {
		ctx := ctxTimeout(t, 30*time.Second)
		k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
		for i := range 3 {
			res, err := f.do(ctx, k, []byte("f"), payWork(k, 1))
			if err != nil || res.Replayed != (i > 0) || string(res.Outcome.Body) != "paid k" {
				t.Fatalf("call %d: %+v, %v", i, res, err)
			}
		}
		if _, err := f.do(ctx, k, []byte("g"), payWork(k, 1)); !errors.Is(err, claim.ErrFingerprintMismatch) {
			t.Fatalf("mismatch: %v", err)
		}
		failing := claim.Key{Scope: "a", Operation: "op", Key: "failing"}
		boom := errors.New("boom")
		if _, err := f.do(ctx, failing, nil, func(ctx context.Context, exec func(string, ...any) error) (claim.Outcome, error) {
			payWork(failing, 1)(ctx, exec)
			return claim.Outcome{}, boom
		}); !errors.Is(err, boom) {
			t.Fatalf("function error: %v", err)
		}
		rejected := claim.Key{Scope: "a", Operation: "op", Key: "rejected"}
		for i := range 2 {
			res, err := f.do(ctx, rejected, nil, func(ctx context.Context, exec func(string, ...any) error) (claim.Outcome, error) {
				payWork(rejected, 1)(ctx, exec)
				return claim.Outcome{}, claim.Reject(claim.Outcome{Status: 402}, nil)
			})
			if err != nil || !res.Rejected || res.Replayed != (i > 0) || res.Outcome.Status != 402 {
				t.Fatalf("rejection %d: %+v, %v", i, res, err)
			}
		}
		if f.payments(k) != 1 || f.payments(failing) != 0 || f.payments(rejected) != 0 {
			t.Fatalf("payments %d/%d/%d, want 1/0/0", f.payments(k), f.payments(failing), f.payments(rejected))
		}
		if res, err := f.do(ctx, failing, nil, payWork(failing, 1)); err != nil || res.Replayed {
			t.Fatalf("retry after the function's error: %+v, %v; want an execution", res, err)
		}
	})
}

func TestFlavoursOneEffectUnderConcurrency(t *testing.T) {
	forEachFlavour(t, claim.Options{MaxWaiters: -1, LockTimeout: 10 * time.Second}, func(t *testing.T, f flavour) {
		ctx := ctxTimeout(t, 60*time.Second)
		k := claim.Key{Scope: "a", Operation: "op", Key: "hot"}
		slow := func(ctx context.Context, exec func(string, ...any) error) (claim.Outcome, error) {
			if err := exec("SELECT pg_sleep(0.1)"); err != nil {
				return claim.Outcome{}, err
			}
			return payWork(k, 1)(ctx, exec)
		}
		res := &tally{bodies: map[string]int{}}
		start := make(chan struct{})
		var wg sync.WaitGroup
		for range 16 {
			wg.Go(func() {
				<-start
				res.add(f.do(ctx, k, nil, slow))
			})
		}
		close(start)
		wg.Wait()
		if len(res.other) > 0 || res.executed != 1 || res.replayed != 15 || f.payments(k) != 1 {
			t.Fatalf("executed=%d replayed=%d in-progress=%d other=%v payments=%d; want 1 execution, 15 replays",
				res.executed, res.replayed, res.inProgress, res.other, f.payments(k))
		}
	})
}

func TestFlavoursNonBlocking(t *testing.T) {
	forEachFlavour(t, claim.Options{NonBlocking: true}, func(t *testing.T, f flavour) {
		ctx := ctxTimeout(t, 30*time.Second)
		k := claim.Key{Scope: "a", Operation: "op", Key: "held"}
		holding, release := make(chan struct{}), make(chan struct{})
		done := make(chan error, 1)
		go func() {
			_, err := f.do(ctx, k, nil, func(ctx context.Context, exec func(string, ...any) error) (claim.Outcome, error) {
				close(holding)
				<-release
				return payWork(k, 1)(ctx, exec)
			})
			done <- err
		}()
		<-holding
		t0 := time.Now()
		_, err := f.do(ctx, k, nil, payWork(k, 1))
		if !errors.Is(err, claim.ErrInProgress) || time.Since(t0) > time.Second {
			t.Fatalf("duplicate: %v after %v, want in progress at once", err, time.Since(t0))
		}
		close(release)
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		if res, err := f.do(ctx, k, nil, payWork(k, 1)); err != nil || !res.Replayed {
			t.Fatalf("after the commit: %+v, %v", res, err)
		}
	})
}

func TestFlavoursCatchAFunctionThatCommits(t *testing.T) {
	forEachFlavour(t, claim.Options{}, func(t *testing.T, f flavour) {
		ctx := ctxTimeout(t, 30*time.Second)
		k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
		_, err := f.do(ctx, k, nil, func(ctx context.Context, exec func(string, ...any) error) (claim.Outcome, error) {
			payWork(k, 1)(ctx, exec)
			return claim.Outcome{Status: 201}, exec("COMMIT")
		})
		if !errors.Is(err, claim.ErrTxState) || !errors.Is(err, claim.ErrMissingOutcome) {
			t.Fatalf("function that commits: %v, want ErrTxState and ErrMissingOutcome", err)
		}
		if _, err := f.do(ctx, k, nil, payWork(k, 1)); !errors.Is(err, claim.ErrMissingOutcome) {
			t.Fatalf("retry: %v, want ErrMissingOutcome", err)
		}
	})
}

func TestFlavoursDoTx(t *testing.T) {
	forEachFlavour(t, claim.Options{}, func(t *testing.T, f flavour) {
		ctx := ctxTimeout(t, 30*time.Second)
		k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
		afterwards := func(exec func(string, ...any) error) error {
			return exec("INSERT INTO payments (scope, key, amount) VALUES ('a', 'after', 1)")
		}
		if res, err := f.doTx(ctx, k, []byte("f"), payWork(k, 1), afterwards); err != nil || res.Replayed {
			t.Fatalf("first: %+v, %v", res, err)
		}
		// Replay, mismatch and the function's error each leave the caller's
		// transaction usable: its own insert afterwards commits.
		if res, err := f.doTx(ctx, k, []byte("f"), payWork(k, 1), afterwards); err != nil || !res.Replayed {
			t.Fatalf("replay: %+v, %v", res, err)
		}
		if _, err := f.doTx(ctx, k, []byte("g"), payWork(k, 1), afterwards); !errors.Is(err, claim.ErrFingerprintMismatch) {
			t.Fatalf("mismatch: %v", err)
		}
		failing := claim.Key{Scope: "a", Operation: "op", Key: "failing"}
		if _, err := f.doTx(ctx, failing, nil, func(ctx context.Context, exec func(string, ...any) error) (claim.Outcome, error) {
			payWork(failing, 1)(ctx, exec)
			return claim.Outcome{}, exec("SELECT 1/0")
		}, afterwards); sqlStateOf(err) != "22012" {
			t.Fatalf("function error: %v", err)
		}
		if f.payments(k) != 1 || f.payments(failing) != 0 {
			t.Fatalf("payments %d and %d, want 1 and 0", f.payments(k), f.payments(failing))
		}
		// The caller's own insert after each of the four DoTx calls committed.
		if n := f.count("SELECT count(*) FROM payments WHERE key = 'after'"); n != 4 {
			t.Fatalf("%d of the caller's own rows committed, want 4", n)
		}
	})
}

func sqlStateOf(err error) string {
	var e interface{ SQLState() string }
	if errors.As(err, &e) {
		return e.SQLState()
	}
	return ""
}
