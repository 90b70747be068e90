package idemhttp_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/idemhttp"
	"github.com/jackc/pgx/v5"
)

// BenchmarkRatio alternates a bare handler (its own transaction, one
// insert) with the same insert behind the middleware, request by request,
// so that both run under the same load; the "ratio" metric is middleware
// time over bare time, the median of the pairs. "first" executes every
// request (in the default non-blocking mode, and in blocking mode), "replay"
// repeats one key. Served in-process (ServeHTTP), so HTTP transport costs are excluded.
func BenchmarkRatio(b *testing.B) {
	for _, c := range []struct {
		name             string
		replay, blocking bool
	}{{"first", false, false}, {"first-blocking", false, true}, {"replay", true, false}} {
		replay := c.replay
		b.Run(c.name, func(b *testing.B) {
			pool := newPool(b, 4)
			mw, err := idemhttp.New(pool, idemhttp.Options{Principal: tenantHeader, Blocking: c.blocking})
			if err != nil {
				b.Fatal(err)
			}
			insert := func(ctx context.Context, tx pgx.Tx, w http.ResponseWriter) {
				if _, err := tx.Exec(ctx, "INSERT INTO payments (tenant, amount) VALUES ('acme', '100')"); err != nil {
					http.Error(w, err.Error(), 500)
					return
				}
				w.WriteHeader(http.StatusCreated)
			}
			bare := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				err := pgx.BeginFunc(r.Context(), pool, func(tx pgx.Tx) error { insert(r.Context(), tx, w); return nil })
				if err != nil {
					http.Error(w, err.Error(), 500)
				}
			})
			wrapped := mw.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				tx, _ := idemhttp.Tx(r.Context())
				insert(r.Context(), tx, w)
			}))
			serve := func(h http.Handler, key string) time.Duration {
				req := httptest.NewRequest(http.MethodPost, "/payments", strings.NewReader("100"))
				req.Header.Set("X-Tenant", "acme")
				req.Header.Set("Idempotency-Key", key)
				rec := httptest.NewRecorder()
				start := time.Now()
				h.ServeHTTP(rec, req)
				if rec.Code != http.StatusCreated {
					b.Fatalf("status %d: %s", rec.Code, rec.Body)
				}
				return time.Since(start)
			}
			serve(wrapped, "warm") // the replay case replays this one
			var ratios []float64
			for i := 0; b.Loop(); i++ {
				bareTime := serve(bare, "")
				key := "warm"
				if !replay {
					key = fmt.Sprint("k", i)
				}
				ratios = append(ratios, float64(serve(wrapped, key))/float64(bareTime))
			}
			// The median pair: a load spike during one request moves the
			// mean, not the median.
			slices.Sort(ratios)
			b.ReportMetric(ratios[len(ratios)/2], "ratio")
		})
	}
}
