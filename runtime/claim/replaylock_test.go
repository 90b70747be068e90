package claim_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/idemvet/idemvet/internal/pgtest"
	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// gateWatcher is a pgx batch tracer that, when a batch of the Claimer's has
// completed and its transaction is still open, asks the server from another
// connection how many advisory locks that backend holds. The claim's gate is
// a transaction-level advisory lock, so this sees it while the claim lives,
// without touching the Claimer's statements.
type gateWatcher struct {
	t        *testing.T
	observer *pgx.Conn
	mu       sync.Mutex
	held     []int // per batch of the current call, in order
}

// The tracer must be a QueryTracer too; single queries are not watched.
func (w *gateWatcher) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	return ctx
}

func (w *gateWatcher) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

func (w *gateWatcher) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return ctx
}

func (w *gateWatcher) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}

func (w *gateWatcher) TraceBatchEnd(ctx context.Context, conn *pgx.Conn, _ pgx.TraceBatchEndData) {
	if conn.PgConn().TxStatus() != 'T' {
		return // the batch ended the transaction (COMMIT queued behind the store)
	}
	var n int
	if err := w.observer.QueryRow(ctx,
		`SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND pid = $1`,
		conn.PgConn().PID()).Scan(&n); err != nil {
		w.t.Error(err)
	}
	w.mu.Lock()
	w.held = append(w.held, n)
	w.mu.Unlock()
}

func (w *gateWatcher) take() []int {
	w.mu.Lock()
	defer w.mu.Unlock()
	held := w.held
	w.held = nil
	return held
}

// TestReplayTakesNoAdvisoryLock checks that a replay below SERIALIZABLE
// reads the stored record and nothing more: it must not take the key's gate,
// which would cost a replay a lock-table entry and make it a party to the
// gate's contention. The near miss is a first execution, whose claim batch
// does hold the gate; a run with the claim statement's visibility probe
// switched off fails here.
func TestReplayTakesNoAdvisoryLock(t *testing.T) {
	for _, level := range []pgx.TxIsoLevel{pgx.ReadCommitted, pgx.RepeatableRead} {
		t.Run(string(level), func(t *testing.T) {
			ctx := ctxTimeout(t, 30*time.Second)
			w := &gateWatcher{t: t}
			pool := pgtest.NewPool(t, func(cfg *pgxpool.Config) {
				cfg.MaxConns = 1
				cfg.ConnConfig.Tracer = w
			})
			observer, err := pgx.Connect(ctx, pool.Config().ConnConfig.ConnString())
			if err != nil {
				t.Fatal(err)
			}
			defer observer.Close(context.Background())
			w.observer = observer
			if err := claim.Migrate(ctx, pool); err != nil {
				t.Fatal(err)
			}
			if _, err := pool.Exec(ctx, `CREATE TABLE payments (
				id bigserial PRIMARY KEY, scope text NOT NULL, key text NOT NULL, amount int NOT NULL)`); err != nil {
				t.Fatal(err)
			}
			c, err := claim.New(pool, claim.Options{Isolation: level})
			if err != nil {
				t.Fatal(err)
			}
			k := claim.Key{Scope: "a", Operation: "op", Key: "k"}

			w.take()
			if res, err := c.Do(ctx, k, nil, pay(k, 1)); err != nil || res.Replayed {
				t.Fatalf("%+v, %v; want a first execution", res, err)
			}
			if held := w.take(); len(held) == 0 || held[0] != 1 {
				t.Fatalf("advisory locks held after each open batch of a first execution: %v, want the gate (1) after the claim", held)
			}

			if res, err := c.Do(ctx, k, nil, pay(k, 1)); err != nil || !res.Replayed {
				t.Fatalf("%+v, %v; want a replay", res, err)
			}
			held := w.take()
			if len(held) == 0 {
				t.Fatal("the replay's claim batch was not observed")
			}
			for _, n := range held {
				if n != 0 {
					t.Fatalf("advisory locks held after each open batch of a replay: %v, want none", held)
				}
			}
		})
	}
}
