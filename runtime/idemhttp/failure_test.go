package idemhttp_test

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/idemhttp"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Identical requests released together: exactly one executes. In the
// default non-blocking mode the others get 409 with Retry-After while the
// first is still running, without waiting for it, and without holding
// connections: the pool has 2 for 8 requests. In blocking mode (the near
// miss) they wait and get the replay instead.
func TestConcurrentIdenticalRequests(t *testing.T) {
	const n = 8
	for _, blocking := range []bool{false, true} {
		name := map[bool]string{false: "non-blocking", true: "blocking"}[blocking]
		t.Run(name, func(t *testing.T) {
			conns := int32(2)
			if blocking {
				conns = n + 1 // waiting duplicates each hold a connection
			}
			release := make(chan struct{})
			a := newApp(t, newPool(t, conns), idemhttp.Options{Blocking: blocking}, func(a *app) http.Handler {
				return a.createPayment(func(http.ResponseWriter, *http.Request) bool {
					<-release // hold the claim until the duplicates have been answered
					return true
				})
			})
			var wg sync.WaitGroup
			start := make(chan struct{})
			got := make([]response, n)
			finished := make(chan int, n)
			for i := range n {
				wg.Go(func() {
					<-start
					got[i] = a.post("/payments", "same", "acme", "100")
					finished <- i
				})
			}
			close(start)
			if !blocking {
				// All but the executing request are answered while it still
				// holds its claim.
				for range n - 1 {
					select {
					case <-finished:
					case <-time.After(10 * time.Second):
						t.Fatal("duplicates were not answered while the first request ran")
					}
				}
			} else {
				time.Sleep(200 * time.Millisecond)
			}
			close(release)
			wg.Wait()

			executed, conflicts, replays := 0, 0, 0
			for _, r := range got {
				switch {
				case r.status == 201 && r.header.Get("Idempotent-Replayed") == "":
					executed++
				case r.status == 201:
					replays++
				case r.status == http.StatusConflict:
					if r.header.Get("Retry-After") == "" {
						t.Errorf("409 without Retry-After: %+v", r)
					}
					wantProblem(t, r, http.StatusConflict, "key-in-use")
					conflicts++
				default:
					t.Errorf("unexpected answer %+v", r)
				}
			}
			if executed != 1 || a.runs.Load() != 1 || a.payments() != 1 {
				t.Fatalf("%d executed, %d handler runs, %d payments; want exactly 1", executed, a.runs.Load(), a.payments())
			}
			if !blocking && conflicts != n-1 {
				t.Fatalf("%d conflicts, %d replays; want %d conflicts", conflicts, replays, n-1)
			}
			// Blocking: the duplicates wait and replay, except those over the
			// claim's per-key waiter cap (MaxWaiters, default 4), which get 409.
			if blocking && (replays < 1 || replays+conflicts != n-1) {
				t.Fatalf("blocking: %d conflicts, %d replays; want replays, and %d answers in all", conflicts, replays, n-1)
			}
			// Afterwards everyone gets the replay.
			if r := a.post("/payments", "same", "acme", "100"); r.header.Get("Idempotent-Replayed") != "true" {
				t.Fatalf("after the first finished: %+v", r)
			}
		})
	}
}

// A handler that panics after writing: the writes and the claim roll back,
// the panic reaches net/http (which drops the connection), and the retry
// executes.
func TestHandlerPanics(t *testing.T) {
	var panicking sync.Once
	a := newApp(t, newPool(t, 4), idemhttp.Options{}, func(a *app) http.Handler {
		return a.createPayment(func(http.ResponseWriter, *http.Request) bool {
			panicking.Do(func() { panic("handler bug") })
			return true
		})
	})
	if _, err := a.do(context.Background(), "/payments", "k", "acme", "100"); err == nil {
		t.Fatal("the client got an answer from a panicking handler")
	}
	if a.payments() != 0 || a.claims() != 0 {
		t.Fatalf("%d payments, %d claims after the panic; want 0, 0", a.payments(), a.claims())
	}
	r := a.post("/payments", "k", "acme", "100")
	if r.status != 201 || r.header.Get("Idempotent-Replayed") != "" || a.runs.Load() != 2 || a.payments() != 1 {
		t.Fatalf("retry: %+v after %d runs, %d payments; want a fresh 201, 2 runs, 1 payment", r, a.runs.Load(), a.payments())
	}
}

// A client that disconnects while its request runs: the request context
// ends, the handler's transaction rolls back, and the retry executes once.
func TestClientDisconnectsMidRequest(t *testing.T) {
	started := make(chan struct{}, 1)
	a := newApp(t, newPool(t, 4), idemhttp.Options{}, func(a *app) http.Handler {
		return a.createPayment(func(w http.ResponseWriter, r *http.Request) bool {
			if a.runs.Load() > 1 {
				return true
			}
			started <- struct{}{}
			<-r.Context().Done() // a slow handler; the client gives up
			// Its next statement fails on the canceled context.
			tx, _ := idemhttp.Tx(r.Context())
			if _, err := tx.Exec(r.Context(), "UPDATE payments SET amount = 'late'"); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return false
			}
			return true
		})
	})
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-started; cancel() }()
	if _, err := a.do(ctx, "/payments", "k", "acme", "100"); err == nil {
		t.Fatal("the canceled client got an answer")
	}
	deadline := time.Now().Add(10 * time.Second)
	for a.count("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'") > 0 {
		if time.Now().After(deadline) {
			t.Fatal("the abandoned request's transaction is still open")
		}
		time.Sleep(10 * time.Millisecond)
	}
	if a.payments() != 0 || a.claims() != 0 {
		t.Fatalf("%d payments, %d claims after the disconnect; want 0, 0", a.payments(), a.claims())
	}
	if r := a.post("/payments", "k", "acme", "100"); r.status != 201 || r.header.Get("Idempotent-Replayed") != "" || a.payments() != 1 {
		t.Fatalf("retry: %+v, %d payments", r, a.payments())
	}
}

// The process restarts between the request and its retry: a new pool and a
// new middleware on the same database replay the stored response.
func TestReplayAfterRestart(t *testing.T) {
	pool := newPool(t, 4)
	before := newApp(t, pool, idemhttp.Options{}, nil)
	first := before.post("/payments", "k", "acme", "100")
	before.server.Close()

	cfg := pool.Config()
	restartedPool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(restartedPool.Close)
	after := newApp(t, restartedPool, idemhttp.Options{}, nil)
	again := after.post("/payments", "k", "acme", "100")
	if again.status != 201 || again.body != first.body || again.header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("after restart: %+v, want the replay of %s", again, first.body)
	}
	if after.runs.Load() != 0 {
		t.Fatal("the handler ran again after the restart")
	}
	// Near miss: a different payload after the restart is still refused.
	wantProblem(t, after.post("/payments", "k", "acme", "999"), http.StatusUnprocessableEntity, "key-reused")
}
