package claim_test

import (
	"context"
	"fmt"
	"log"
	"testing"
	"time"

	"github.com/idemvet/idemvet/internal/pgtest"
	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// databaseURL stands, in the examples, for your application's database URL
// (in your code: your own server's DSN, from your configuration). Here it
// is a fresh database on the test server, dropped by the returned function.
func databaseURL(label string) (string, func()) {
	dsn, drop, err := pgtest.CreateDB(context.Background(), label)
	if err != nil {
		log.Fatal(err)
	}
	return dsn, func() { _ = drop(context.Background()) }
}

// env is one test's database: the claims table, a business table
// "payments" and a Claimer.
type env struct {
	t    testing.TB
	pool *pgxpool.Pool
	c    *claim.Claimer
}

// newEnv makes a database with a pool of maxConns connections.
func newEnv(t testing.TB, opts claim.Options, maxConns int32) *env {
	t.Helper()
	pool := pgtest.NewPool(t, func(cfg *pgxpool.Config) { cfg.MaxConns = maxConns })
	ctx := context.Background()
	if err := claim.Migrate(ctx, pool); err != nil {
		t.Fatal(err)
	}
	if _, err := pool.Exec(ctx, `CREATE TABLE payments (
		id bigserial PRIMARY KEY, scope text NOT NULL, key text NOT NULL, amount int NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	c, err := claim.New(pool, opts)
	if err != nil {
		t.Fatal(err)
	}
	return &env{t: t, pool: pool, c: c}
}

// pay is the business operation of most tests: insert one payment row and
// answer 201 with its id.
func pay(k claim.Key, amount int) claim.Func {
	return func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		var id int64
		err := tx.QueryRow(ctx, "INSERT INTO payments (scope, key, amount) VALUES ($1, $2, $3) RETURNING id",
			k.Scope, k.Key, amount).Scan(&id)
		if err != nil {
			return claim.Outcome{}, err
		}
		return claim.Outcome{
			Status:     201,
			Body:       fmt.Appendf(nil, `{"scope":%q,"id":%d,"amount":%d}`, k.Scope, id, amount),
			ResourceID: fmt.Sprint(id),
		}, nil
	}
}

// warm opens n connections up front, so that a barrier releases callers
// into the database together rather than into connection setup one by one.
func (e *env) warm(n int) {
	e.t.Helper()
	ctx := context.Background()
	conns := make([]*pgxpool.Conn, 0, n)
	for range n {
		c, err := e.pool.Acquire(ctx)
		if err != nil {
			e.t.Fatal(err)
		}
		conns = append(conns, c)
	}
	for _, c := range conns {
		c.Release()
	}
}

func (e *env) count(sql string, args ...any) int {
	e.t.Helper()
	var n int
	if err := e.pool.QueryRow(context.Background(), sql, args...).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

func (e *env) payments(k claim.Key) int {
	return e.count("SELECT count(*) FROM payments WHERE scope = $1 AND key = $2", k.Scope, k.Key)
}

func (e *env) claims(k claim.Key) int {
	return e.count("SELECT count(*) FROM idemvet_claims WHERE scope = $1 AND operation = $2 AND key = $3",
		k.Scope, k.Operation, k.Key)
}

func fp(t testing.TB, v any) []byte {
	t.Helper()
	f, err := claim.FingerprintJSON(v)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func ctxTimeout(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}
