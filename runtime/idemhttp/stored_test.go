package idemhttp_test

import (
	"bytes"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/idemvet/idemvet/internal/pgtest"
	"github.com/idemvet/idemvet/runtime/idemhttp"
)

// A transient answer (429, 408, 425) is sent but not stored: the handler's
// writes on the claim's transaction roll back with the claim, so the retry
// runs the handler again on a clean slate. The near miss, a 409 from the
// handler, is a final answer: stored and replayed.
func TestTransientAnswersAreNotStored(t *testing.T) {
	for _, status := range []int{http.StatusTooManyRequests, http.StatusRequestTimeout, http.StatusTooEarly} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			a := newApp(t, newPool(t, 4), idemhttp.Options{Store5xx: true}, func(a *app) http.Handler {
				return a.createPayment(func(w http.ResponseWriter, r *http.Request) bool {
					if a.runs.Load() > 1 {
						return true // the retry succeeds
					}
					http.Error(w, "slow down", status) // after the payment's insert
					return false
				})
			})
			if r := a.post("/payments", "k", "acme", "100"); r.status != status {
				t.Fatalf("first: %+v, want %d", r, status)
			}
			if a.payments() != 0 || a.claims() != 0 {
				t.Fatalf("%d payments, %d claims after a %d; want 0, 0: its writes roll back with the claim", a.payments(), a.claims(), status)
			}
			r := a.post("/payments", "k", "acme", "100")
			if r.status != 201 || r.header.Get("Idempotent-Replayed") != "" || a.runs.Load() != 2 || a.payments() != 1 {
				t.Fatalf("retry: %+v after %d runs, %d payments; want a fresh 201, 2 runs, 1 payment", r, a.runs.Load(), a.payments())
			}
		})
	}
	t.Run("near miss: 409 is stored", func(t *testing.T) {
		a := newApp(t, newPool(t, 4), idemhttp.Options{}, func(a *app) http.Handler {
			return a.createPayment(func(w http.ResponseWriter, r *http.Request) bool {
				http.Error(w, "payment already captured", http.StatusConflict)
				return false
			})
		})
		a.post("/payments", "k", "acme", "100")
		if r := a.post("/payments", "k", "acme", "100"); r.status != 409 || r.header.Get("Idempotent-Replayed") != "true" || a.runs.Load() != 1 {
			t.Fatalf("409 replay: %+v after %d runs", r, a.runs.Load())
		}
	})
}

// The middleware's own 5xx reaches OnError with the cause: here the claims
// table was never created (no Migrate). The handler's own 5xx does not.
func TestOnErrorReportsTheMiddlewaresOwnFailures(t *testing.T) {
	var mu sync.Mutex
	var reported []error
	onError := func(_ *http.Request, err error) {
		mu.Lock()
		defer mu.Unlock()
		reported = append(reported, err)
	}
	unmigrated := pgtest.NewPool(t)
	a := newApp(t, unmigrated, idemhttp.Options{OnError: onError}, nil)
	if r := a.post("/payments", "k", "acme", "100"); r.status != 500 {
		t.Fatalf("no claims table: %+v, want 500", r)
	}
	if len(reported) != 1 || !strings.Contains(reported[0].Error(), "idemvet_claims") {
		t.Fatalf("OnError got %v; want one error naming the missing idemvet_claims table", reported)
	}

	reported = nil
	failing := newApp(t, newPool(t, 4), idemhttp.Options{OnError: onError}, func(a *app) http.Handler {
		return a.createPayment(func(w http.ResponseWriter, r *http.Request) bool {
			http.Error(w, "provider down", http.StatusBadGateway)
			return false
		})
	})
	if r := failing.post("/payments", "k", "acme", "100"); r.status != 502 || len(reported) != 0 {
		t.Fatalf("handler's 502: %+v, OnError got %v; want the 502 and no report", r, reported)
	}
}

// Without OnError the failure is an ERROR record on slog.Default.
func TestOnErrorDefaultsToSlog(t *testing.T) {
	var logged bytes.Buffer
	previous := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logged, nil)))
	t.Cleanup(func() { slog.SetDefault(previous) })

	mw, err := idemhttp.New(pgtest.NewPool(t), idemhttp.Options{Principal: tenantHeader})
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest(http.MethodPost, "/payments", strings.NewReader("100"))
	req.Header.Set("Idempotency-Key", "k")
	req.Header.Set("X-Tenant", "acme")
	mw.Wrap(http.NotFoundHandler()).ServeHTTP(httptest.NewRecorder(), req)
	if out := logged.String(); !strings.Contains(out, "level=ERROR") || !strings.Contains(out, "idemvet_claims") || !strings.Contains(out, "path=/payments") {
		t.Fatalf("slog got %q; want an ERROR naming the table and the path", out)
	}
}

// Clients that re-serialise the body on a retry: byte-exact comparison (the
// default) calls a reordered object another request; FingerprintJSON
// replays it, and still refuses a changed value or number literal.
func TestFingerprintJSON(t *testing.T) {
	const first = `{"amount": 100, "currency": "eur", "meta": {"b": [1, 2], "a": "x"}}`
	const reordered = "{\"currency\":\"eur\",\n \"meta\":{\"a\":\"\\u0078\",\"b\":[1,2]},\"amount\":100}"
	t.Run("bytes (default)", func(t *testing.T) {
		a := newApp(t, newPool(t, 4), idemhttp.Options{}, nil)
		a.post("/payments", "k", "acme", first)
		wantProblem(t, a.post("/payments", "k", "acme", reordered), http.StatusUnprocessableEntity, "key-reused")
	})
	t.Run("JSON", func(t *testing.T) {
		a := newApp(t, newPool(t, 4), idemhttp.Options{Fingerprint: idemhttp.FingerprintJSON}, nil)
		a.post("/payments", "k", "acme", first)
		if r := a.post("/payments", "k", "acme", reordered); r.header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("reordered JSON: %+v, want the replay", r)
		}
		for name, body := range map[string]string{
			"another value":          strings.Replace(first, "eur", "usd", 1),
			"number written another": strings.Replace(first, "100", "100.0", 1),
			"array order":            strings.Replace(first, "[1, 2]", "[2, 1]", 1),
			"member added":           strings.Replace(first, "}}", `, "c": null}}`, 1),
		} {
			t.Run(name, func(t *testing.T) {
				wantProblem(t, a.post("/payments", "k", "acme", body), http.StatusUnprocessableEntity, "key-reused")
			})
		}
		// Not JSON, or a duplicated member name: compared as bytes.
		a.post("/payments", "raw", "acme", "amount=100")
		if r := a.post("/payments", "raw", "acme", "amount=100"); r.header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("same non-JSON bytes: %+v", r)
		}
		a.post("/payments", "dup", "acme", `{"a":1,"a":2}`)
		wantProblem(t, a.post("/payments", "dup", "acme", `{"a":2}`), http.StatusUnprocessableEntity, "key-reused")
		if a.runs.Load() != 3 {
			t.Fatalf("%d runs, want 3", a.runs.Load())
		}
	})
	if _, err := idemhttp.New(newPool(t, 1), idemhttp.Options{Principal: tenantHeader, Fingerprint: 7}); err == nil ||
		!strings.Contains(err.Error(), "Fingerprint 7") {
		t.Fatalf("New with an unknown Fingerprint: %v", err)
	}
}
