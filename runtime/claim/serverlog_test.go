package claim_test

import (
	"errors"
	"testing"
	"time"

	"github.com/idemvet/idemvet/internal/pgtest"
	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5/pgxpool"
)

// rollbacks is the database's count of rolled-back transactions, which
// includes every transaction that ended in an error (each also an ERROR line
// in the server log). Closing the pool first makes its backends exit, which
// flushes their statistics.
func rollbacks(t *testing.T, dsn string, pool *pgxpool.Pool) int64 {
	t.Helper()
	pool.Close()
	ctx := ctxTimeout(t, 10*time.Second)
	conn, err := pgxpool.New(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var n int64
	// Backends flush their statistics on exit, asynchronously to the
	// client's disconnect: wait until no other backend is on the database.
	for deadline := time.Now().Add(5 * time.Second); ; {
		var others int
		if err := conn.QueryRow(ctx, "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()").Scan(&others); err != nil {
			t.Fatal(err)
		}
		if others == 0 || time.Now().After(deadline) {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := conn.QueryRow(ctx, "SELECT xact_rollback FROM pg_stat_database WHERE datname = current_database()").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestReplaysCauseNoServerErrors(t *testing.T) {
	dsn := pgtest.NewDB(t)
	ctx := ctxTimeout(t, 60*time.Second)
	open := func() (*pgxpool.Pool, *claim.Claimer) {
		pool, err := pgxpool.New(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(pool.Close)
		c, err := claim.New(pool, claim.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return pool, c
	}
	pool, c := open()
	if err := claim.Migrate(ctx, pool); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `CREATE TABLE payments (
		id bigserial PRIMARY KEY, scope text NOT NULL, key text NOT NULL, amount int NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	if _, err := c.Do(ctx, k, []byte("f"), pay(k, 1)); err != nil {
		t.Fatal(err)
	}
	before := rollbacks(t, dsn, pool)

	pool, c = open()
	for range 50 {
		res, err := c.Do(ctx, k, []byte("f"), pay(k, 1))
		if err != nil || !res.Replayed {
			t.Fatalf("%+v, %v; want a replay", res, err)
		}
		if _, err := c.Do(ctx, k, []byte("g"), pay(k, 1)); !errors.Is(err, claim.ErrFingerprintMismatch) {
			t.Fatalf("%v; want a mismatch", err)
		}
	}
	after := rollbacks(t, dsn, pool)
	t.Logf("rolled-back transactions: %d before 50 replays and 50 mismatches, %d after", before, after)
	if after != before {
		t.Fatalf("replays and mismatches rolled back %d transactions (each an ERROR in the server log), want 0", after-before)
	}

	// The near miss: one failing statement must show in the same counter.
	pool, _ = open()
	if _, err := pool.Exec(ctx, "SELECT 1/0"); err == nil {
		t.Fatal("1/0 succeeded")
	}
	if control := rollbacks(t, dsn, pool); control != after+1 {
		t.Fatalf("one failed statement moved the counter from %d to %d, want +1: the counter does not see errors", after, control)
	}
}
