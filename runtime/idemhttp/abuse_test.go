package idemhttp_test

import (
	"crypto/aes"
	"crypto/cipher"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/idemvet/idemvet/runtime/idemhttp"
)

var errNoBudget = errors.New("no budget for new work")

// Admit sees whether a request is a replay: a limiter that refuses new
// claims still lets the cheap replays through, and a refused new claim is
// not stored, so the same key runs once the limiter allows it.
func TestAdmitRefusesNewClaimsNotReplays(t *testing.T) {
	var refuseNew, refuseReplays atomic.Bool
	var mu sync.Mutex
	var asked []bool
	admit := func(r *http.Request, replay bool) error {
		mu.Lock()
		asked = append(asked, replay)
		mu.Unlock()
		if replay && refuseReplays.Load() || !replay && refuseNew.Load() {
			return errNoBudget
		}
		return nil
	}
	a := newApp(t, newPool(t, 4), idemhttp.Options{Admit: admit}, nil)
	first := a.post("/payments", "k1", "acme", "100")

	refuseNew.Store(true)
	if r := a.post("/payments", "k1", "acme", "100"); r.status != 201 || r.body != first.body || r.header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("replay while new claims are refused: %+v", r)
	}
	refused := a.post("/payments", "k2", "acme", "100")
	wantProblem(t, refused, http.StatusTooManyRequests, "rate-limited")
	if a.runs.Load() != 1 || a.claims() != 1 {
		t.Fatalf("%d runs, %d claims; want 1, 1: a refused claim neither runs nor stays", a.runs.Load(), a.claims())
	}

	refuseNew.Store(false)
	if r := a.post("/payments", "k2", "acme", "100"); r.status != 201 || r.header.Get("Idempotent-Replayed") != "" {
		t.Fatalf("k2 once admitted: %+v, want a fresh 201", r)
	}
	// Near miss the other way: a limiter may refuse replays too.
	refuseReplays.Store(true)
	wantProblem(t, a.post("/payments", "k1", "acme", "100"), http.StatusTooManyRequests, "rate-limited")

	want := []bool{false, true, false, false, true}
	if fmt.Sprint(asked) != fmt.Sprint(want) {
		t.Fatalf("Admit asked with replay=%v, want %v", asked, want)
	}
}

// AuthorizeReplay runs before a stored response is sent again: a caller
// that lost access gets 403 (or 404) and nothing of the stored response.
func TestAuthorizeReplay(t *testing.T) {
	var seenLocation atomic.Value
	authorize := func(r *http.Request, stored idemhttp.StoredResponse) error {
		seenLocation.Store(stored.Header.Get("Location"))
		switch r.Header.Get("X-Role") {
		case "revoked":
			return errors.New("role revoked")
		case "gone":
			return fmt.Errorf("account transferred: %w", idemhttp.ErrReplayNotFound)
		}
		return nil
	}
	a := newApp(t, newPool(t, 4), idemhttp.Options{AuthorizeReplay: authorize}, nil)
	first := a.post("/payments", "k", "acme", "100", "X-Role", "owner")
	if seenLocation.Load() != nil {
		t.Fatal("AuthorizeReplay ran for a first request")
	}
	for role, want := range map[string]int{"revoked": http.StatusForbidden, "gone": http.StatusNotFound} {
		r := a.post("/payments", "k", "acme", "100", "X-Role", role)
		wantProblem(t, r, want, map[int]string{403: "replay-forbidden", 404: "replay-not-found"}[want])
		if strings.Contains(r.body, "100") || r.header.Get("Location") != "" || r.header.Get("Idempotent-Replayed") != "" {
			t.Fatalf("%s: the refusal revealed the stored response: %+v", role, r)
		}
	}
	// Near miss: a caller that still has access gets the replay.
	r := a.post("/payments", "k", "acme", "100", "X-Role", "owner")
	if r.body != first.body || r.header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("authorised replay: %+v", r)
	}
	if seenLocation.Load() != first.header.Get("Location") || a.runs.Load() != 1 {
		t.Fatalf("AuthorizeReplay saw Location %v, want %s; %d runs", seenLocation.Load(), first.header.Get("Location"), a.runs.Load())
	}
}

// Redact stores only a reference; Restore loads the body from it. The table
// then holds no response body, and the replay equals the first answer.
func TestRedactToAReferenceAndRestore(t *testing.T) {
	var a *app
	redact := func(r *http.Request, resp idemhttp.StoredResponse) (idemhttp.StoredResponse, error) {
		resp.ResourceID = strings.TrimPrefix(resp.Header.Get("Location"), "/payments/")
		resp.Body = nil
		return resp, nil
	}
	restore := func(r *http.Request, stored idemhttp.StoredResponse) (idemhttp.StoredResponse, error) {
		var tenant, amount string
		err := a.pool.QueryRow(r.Context(), "SELECT tenant, amount FROM payments WHERE id = $1", stored.ResourceID).Scan(&tenant, &amount)
		if err != nil {
			return stored, err
		}
		stored.Body = fmt.Appendf(nil, `{"id":%s,"tenant":%q,"amount":%s}`, stored.ResourceID, tenant, amount)
		return stored, nil
	}
	var reported atomic.Int64
	a = newApp(t, newPool(t, 4), idemhttp.Options{Redact: redact, Restore: restore,
		OnError: func(*http.Request, error) { reported.Add(1) }}, nil)
	first := a.post("/payments", "k", "acme", "100")
	if n := a.count("SELECT count(*) FROM idemvet_claims WHERE coalesce(length(body), 0) = 0 AND resource_id <> ''"); n != 1 {
		t.Fatal("the claims table holds a body, or no reference")
	}
	if r := a.post("/payments", "k", "acme", "100"); r.body != first.body || r.header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("restored replay: %+v, want %s", r, first.body)
	}
	// Near miss: a reference that no longer loads is a 500 for OnError, not
	// an empty replay.
	if _, err := a.pool.Exec(t.Context(), "DELETE FROM payments"); err != nil {
		t.Fatal(err)
	}
	if r := a.post("/payments", "k", "acme", "100"); r.status != 500 || reported.Load() != 1 {
		t.Fatalf("restore failure: %+v, %d reports; want 500 and one", r, reported.Load())
	}
}

// A Redact that fails, or changes the status, rolls the request back.
func TestRedactFailureRollsBack(t *testing.T) {
	for name, redact := range map[string]func(*http.Request, idemhttp.StoredResponse) (idemhttp.StoredResponse, error){
		"error": func(_ *http.Request, s idemhttp.StoredResponse) (idemhttp.StoredResponse, error) {
			return s, errors.New("vault down")
		},
		"status changed": func(_ *http.Request, s idemhttp.StoredResponse) (idemhttp.StoredResponse, error) {
			s.Status = 200
			return s, nil
		},
	} {
		t.Run(name, func(t *testing.T) {
			var reported []error
			a := newApp(t, newPool(t, 4), idemhttp.Options{Redact: redact, OnError: func(_ *http.Request, err error) { reported = append(reported, err) }}, nil)
			if r := a.post("/payments", "k", "acme", "100"); r.status != 500 {
				t.Fatalf("%+v, want 500", r)
			}
			if a.payments() != 0 || a.claims() != 0 || len(reported) != 1 || !strings.Contains(reported[0].Error(), "Options.Redact") {
				t.Fatalf("%d payments, %d claims, reported %v; want 0, 0 and an error naming Options.Redact", a.payments(), a.claims(), reported)
			}
		})
	}
}

// BodyCipher: the table holds ciphertext, the replay is the plaintext, and
// a body copied to another tenant's key does not decrypt there.
func TestBodyCipher(t *testing.T) {
	block, err := aes.NewCipher([]byte("0123456789abcdef0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		t.Fatal(err)
	}
	bc := idemhttp.BodyCipher{AEAD: gcm}
	var reported atomic.Int64
	a := newApp(t, newPool(t, 4), idemhttp.Options{Redact: bc.Redact, Restore: bc.Restore,
		OnError: func(*http.Request, error) { reported.Add(1) }}, nil)
	first := a.post("/payments", "k", "acme", "100")
	if n := a.count(`SELECT count(*) FROM idemvet_claims WHERE position(convert_to('"amount"', 'UTF8') IN body) > 0`); n != 0 {
		t.Fatal("the stored body is plaintext")
	}
	if r := a.post("/payments", "k", "acme", "100"); r.body != first.body || r.header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("decrypted replay: %+v, want %s", r, first.body)
	}
	// Another tenant's record, given acme's ciphertext: refused, not replayed.
	a.post("/payments", "k", "globex", "100")
	if _, err := a.pool.Exec(t.Context(), `UPDATE idemvet_claims SET body = (SELECT body FROM idemvet_claims WHERE scope = 'acme') WHERE scope = 'globex'`); err != nil {
		t.Fatal(err)
	}
	if r := a.post("/payments", "k", "globex", "100"); r.status != 500 || strings.Contains(r.body, "acme") || reported.Load() != 1 {
		t.Fatalf("moved ciphertext: %+v, %d reports; want 500 revealing nothing, one report", r, reported.Load())
	}
}

// A serialization failure at commit runs the handler again (claim.Do
// retries the whole transaction); Admit is still asked once, so a limiter
// charges the request, not its attempts.
func TestAdmitIsAskedOncePerRequest(t *testing.T) {
	pool := newPool(t, 4)
	// Fails the first commit that inserted a payment with 40001: a sequence
	// is not transactional, so the failure happens once.
	for _, ddl := range []string{
		`CREATE SEQUENCE commits`,
		`CREATE FUNCTION fail_first_commit() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN
			IF nextval('commits') = 1 THEN
				RAISE EXCEPTION 'simulated serialization failure' USING ERRCODE = '40001';
			END IF;
			RETURN NULL;
		END $$`,
		`CREATE CONSTRAINT TRIGGER fail_first_commit AFTER INSERT ON payments
			DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fail_first_commit()`,
	} {
		if _, err := pool.Exec(t.Context(), ddl); err != nil {
			t.Fatal(err)
		}
	}
	var asked atomic.Int64
	admit := func(*http.Request, bool) error { asked.Add(1); return nil }
	a := newApp(t, pool, idemhttp.Options{Admit: admit}, nil)
	if r := a.post("/payments", "k", "acme", "100"); r.status != 201 {
		t.Fatalf("%+v, want 201 after the retried commit", r)
	}
	if a.runs.Load() != 2 || asked.Load() != 1 || a.payments() != 1 {
		t.Fatalf("%d handler runs, Admit asked %d times, %d payments; want 2, 1, 1", a.runs.Load(), asked.Load(), a.payments())
	}
}
