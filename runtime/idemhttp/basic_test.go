package idemhttp_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/idemvet/idemvet/runtime/idemhttp"
)

func TestFirstRequestThenReplay(t *testing.T) {
	a := newApp(t, newPool(t, 4), idemhttp.Options{}, nil)
	first := a.post("/payments", "k1", "acme", "100")
	if first.status != 201 || first.header.Get("Idempotent-Replayed") != "" || first.header.Get("Set-Cookie") == "" {
		t.Fatalf("first: %+v", first)
	}
	again := a.post("/payments", "k1", "acme", "100")
	switch {
	case again.status != 201 || again.body != first.body:
		t.Fatalf("replay: %d %s, want 201 %s", again.status, again.body, first.body)
	case again.header.Get("Idempotent-Replayed") != "true":
		t.Fatalf("replay not marked: %v", again.header)
	case again.header.Get("Location") != first.header.Get("Location") || again.header.Get("Content-Type") != "application/json":
		t.Fatalf("allow-listed headers not replayed: %v", again.header)
	case again.header.Get("Set-Cookie") != "":
		t.Fatal("a header outside the allow-list was stored and replayed")
	}
	if runs, n := a.runs.Load(), a.payments(); runs != 1 || n != 1 {
		t.Fatalf("%d handler runs, %d payments; want 1, 1", runs, n)
	}
	// Near miss: another key is another request.
	if other := a.post("/payments", "k2", "acme", "100"); other.status != 201 || other.body == first.body {
		t.Fatalf("another key: %+v", other)
	}
	if n := a.payments(); n != 2 {
		t.Fatalf("%d payments, want 2", n)
	}
}

func TestKeyIsValidated(t *testing.T) {
	a := newApp(t, newPool(t, 4), idemhttp.Options{MaxKeyBytes: 16}, nil)
	for _, tc := range []struct {
		name   string
		key    string
		header []string
		want   string
	}{
		{"missing", "", nil, "key-missing"},
		{"too long", strings.Repeat("k", 17), nil, "key-malformed"},
		{"non-ASCII", "kéy", nil, "key-malformed"},
		{"space inside a token", "a b", nil, "key-malformed"},
		{"two values in one field", "a, b", nil, "key-malformed"},
		{"unterminated quote", `"abc`, nil, "key-malformed"},
		{"bad escape", `"a\b"`, nil, "key-malformed"},
		{"empty quoted", `""`, nil, "key-malformed"},
		{"sent twice", "a", []string{"Idempotency-Key", "b"}, "key-malformed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantProblem(t, a.post("/payments", tc.key, "acme", "1", tc.header...), http.StatusBadRequest, tc.want)
		})
	}
	if runs := a.runs.Load(); runs != 0 {
		t.Fatalf("handler ran %d times for invalid keys", runs)
	}
	// Near misses: the longest key, and a quoted key, which names the same
	// key as its bare form.
	if r := a.post("/payments", strings.Repeat("k", 16), "acme", "1"); r.status != 201 {
		t.Fatalf("16-byte key: %+v", r)
	}
	first := a.post("/payments", `"a\"b"`, "acme", "1")
	bare := a.post("/payments", `a"b`, "acme", "1")
	if first.status != 201 || first.header.Get("Idempotent-Replayed") != "" {
		t.Fatalf("quoted key: %+v", first)
	}
	if bare.status != 400 {
		t.Fatalf(`bare a"b must be malformed, got %d`, bare.status)
	}
	if again := a.post("/payments", `"a\"b"`, "acme", "1"); again.header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("quoted key replay: %+v", again)
	}
	// A method that needs no key passes through, outside any claim.
	res, err := http.Get(a.server.URL + "/payments")
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("GET without a key: %d", res.StatusCode)
	}
}

func TestPrincipalIsRequired(t *testing.T) {
	pool := newPool(t, 4)
	if _, err := idemhttp.New(pool, idemhttp.Options{}); err == nil {
		t.Fatal("New accepted Options without Principal")
	}
	a := newApp(t, pool, idemhttp.Options{}, nil)
	wantProblem(t, a.post("/payments", "k", "", "1"), http.StatusUnauthorized, "unauthenticated")
	// A principal the claim cannot store is the server's fault, not a bad key.
	if r := a.post("/payments", "k", strings.Repeat("t", 256), "1"); r.status != 500 || strings.Contains(r.body, "key-malformed") {
		t.Fatalf("oversized principal: %+v", r)
	}
	if a.runs.Load() != 0 || a.claims() != 0 {
		t.Fatal("an unauthenticated request ran or claimed")
	}
}

func TestBodyOverTheLimitIsRefusedUnrun(t *testing.T) {
	a := newApp(t, newPool(t, 4), idemhttp.Options{MaxBodyBytes: 10}, nil)
	wantProblem(t, a.post("/payments", "k", "acme", "12345678901"), http.StatusRequestEntityTooLarge, "body-too-large")
	if a.runs.Load() != 0 || a.claims() != 0 {
		t.Fatal("handler ran or key claimed for an oversized body")
	}
	if r := a.post("/payments", "k", "acme", "1234567890"); r.status != 201 {
		t.Fatalf("body at the limit: %+v", r)
	}
}

func TestKeyReusedWithAnotherRequest(t *testing.T) {
	a := newApp(t, newPool(t, 4), idemhttp.Options{FingerprintHeaders: []string{"Api-Version"}}, nil)
	if r := a.post("/payments", "k", "acme", "100", "Api-Version", "1", "X-Trace", "a"); r.status != 201 {
		t.Fatalf("first: %+v", r)
	}
	for name, r := range map[string]response{
		"another body":            a.post("/payments", "k", "acme", "999", "Api-Version", "1"),
		"another selected header": a.post("/payments", "k", "acme", "100", "Api-Version", "2"),
		"another query":           a.post("/payments?currency=usd", "k", "acme", "100", "Api-Version", "1"),
		"selected header missing": a.post("/payments", "k", "acme", "100"),
		"another route":           a.post("/refunds", "k", "acme", "100", "Api-Version", "1"),
	} {
		if r.status != http.StatusUnprocessableEntity || strings.Contains(r.body, "100") {
			t.Errorf("%s: %d %s; want 422 revealing nothing", name, r.status, r.body)
		}
		wantProblem(t, r, http.StatusUnprocessableEntity, "key-reused")
	}
	// Near miss: a header outside FingerprintHeaders does not matter.
	if r := a.post("/payments", "k", "acme", "100", "Api-Version", "1", "X-Trace", "b"); r.header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("unselected header changed the fingerprint: %+v", r)
	}
	if a.runs.Load() != 1 || a.payments() != 1 {
		t.Fatalf("%d runs, %d payments; want 1, 1", a.runs.Load(), a.payments())
	}
}

func TestTwoTenantsOneKey(t *testing.T) {
	a := newApp(t, newPool(t, 4), idemhttp.Options{}, nil)
	acme := a.post("/payments", "same", "acme", "100")
	globex := a.post("/payments", "same", "globex", "100")
	if acme.status != 201 || globex.status != 201 || globex.header.Get("Idempotent-Replayed") != "" {
		t.Fatalf("acme %+v, globex %+v: each tenant's first request must execute", acme, globex)
	}
	for tenant, first := range map[string]response{"acme": acme, "globex": globex} {
		again := a.post("/payments", "same", tenant, "100")
		if again.body != first.body || !strings.Contains(again.body, `"tenant":"`+tenant+`"`) {
			t.Fatalf("%s replay got %s, want its own %s", tenant, again.body, first.body)
		}
	}
	if a.payments() != 2 {
		t.Fatalf("%d payments, want 2", a.payments())
	}
}

func TestServerErrorsAreNotStoredByDefault(t *testing.T) {
	fail := func(a *app) http.Handler {
		return a.createPayment(func(w http.ResponseWriter, r *http.Request) bool {
			http.Error(w, "provider down", http.StatusServiceUnavailable)
			return false
		})
	}
	t.Run("default", func(t *testing.T) {
		a := newApp(t, newPool(t, 4), idemhttp.Options{}, fail)
		for i := 1; i <= 2; i++ {
			if r := a.post("/payments", "k", "acme", "1"); r.status != 503 || r.header.Get("Idempotent-Replayed") != "" {
				t.Fatalf("attempt %d: %+v", i, r)
			}
		}
		if a.runs.Load() != 2 || a.payments() != 0 || a.claims() != 0 {
			t.Fatalf("%d runs, %d payments, %d claims; want 2, 0, 0: a 503 rolls back", a.runs.Load(), a.payments(), a.claims())
		}
	})
	t.Run("Store5xx", func(t *testing.T) {
		a := newApp(t, newPool(t, 4), idemhttp.Options{Store5xx: true}, fail)
		a.post("/payments", "k", "acme", "1")
		if r := a.post("/payments", "k", "acme", "1"); r.status != 503 || r.header.Get("Idempotent-Replayed") != "true" {
			t.Fatalf("replayed 503: %+v", r)
		}
		if a.runs.Load() != 1 || a.payments() != 1 {
			t.Fatalf("%d runs, %d payments; want 1, 1", a.runs.Load(), a.payments())
		}
	})
}

func TestClientErrorsAreStored(t *testing.T) {
	a := newApp(t, newPool(t, 4), idemhttp.Options{}, func(a *app) http.Handler {
		return a.createPayment(func(w http.ResponseWriter, r *http.Request) bool {
			http.Error(w, "amount too small", http.StatusBadRequest)
			return false
		})
	})
	a.post("/payments", "k", "acme", "1")
	if r := a.post("/payments", "k", "acme", "1"); r.status != 400 || r.header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("replayed 400: %+v", r)
	}
	if a.runs.Load() != 1 {
		t.Fatalf("%d runs, want 1", a.runs.Load())
	}
}

func TestResponseTooLargeIsRolledBack(t *testing.T) {
	a := newApp(t, newPool(t, 4), idemhttp.Options{Claim: claim.Options{MaxOutcomeBytes: 20}}, nil)
	wantProblem(t, a.post("/payments", "k", "acme", "1"), http.StatusInternalServerError, "response-too-large")
	if a.payments() != 0 || a.claims() != 0 {
		t.Fatal("an unstorable response committed")
	}
}
