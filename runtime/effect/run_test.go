package effect_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/idemvet/idemvet/runtime/effect"
	"github.com/jackc/pgx/v5"
)

func TestRunCallsOnceAndReplays(t *testing.T) {
	pool := newPool(t)
	p := newProvider(t)
	r := newRunner(t, pool, fastOptions(), p.handler())
	ctx := context.Background()

	first, err := r.Run(ctx, key("k1"), []byte(`{"amount":100}`))
	if err != nil {
		t.Fatal(err)
	}
	if first.State != effect.Completed || first.Replayed || first.Dispatches != 1 {
		t.Fatalf("first run: %+v", first)
	}
	again, err := r.Run(ctx, key("k1"), []byte(`{"amount":100}`))
	if err != nil {
		t.Fatal(err)
	}
	if !again.Replayed || again.State != effect.Completed || !bytes.Equal(again.Answer, first.Answer) {
		t.Fatalf("second run: %+v, want a replay of %s", again, first.Answer)
	}
	if req, look, applied := p.counts(); req != 1 || look != 0 || applied != 1 {
		t.Fatalf("provider saw %d requests, %d lookups, %d charges; want 1, 0, 1", req, look, applied)
	}

	// Near misses: another key is another operation; the same key with
	// another request is refused, and calls nobody.
	if _, err := r.Run(ctx, key("k2"), []byte(`{"amount":100}`)); err != nil {
		t.Fatal(err)
	}
	_, err = r.Run(ctx, key("k1"), []byte(`{"amount":999}`))
	if !errors.Is(err, effect.ErrRequestMismatch) {
		t.Fatalf("reused key with another request: got %v, want ErrRequestMismatch", err)
	}
	if req, _, applied := p.counts(); req != 2 || applied != 2 {
		t.Fatalf("provider saw %d requests, %d charges; want 2, 2", req, applied)
	}
}

func TestDownstreamKeyIsStableAndScoped(t *testing.T) {
	pool := newPool(t)
	var seen []string
	h := effect.Handler{
		Operation: "charge",
		Call: func(_ context.Context, a effect.Attempt) ([]byte, error) {
			seen = append(seen, a.DownstreamKey)
			if len(seen) == 1 {
				return nil, errProvider5xx
			}
			return []byte("ok"), nil
		},
		Reconcile: func(context.Context, effect.Attempt) (effect.Verdict, []byte, error) {
			return effect.NotApplied, nil, nil
		},
	}
	r := newRunner(t, pool, fastOptions(), h)
	k := key("k")
	if _, err := r.Run(context.Background(), k, nil); !errors.Is(err, effect.ErrUnknown) {
		t.Fatalf("got %v, want ErrUnknown", err)
	}
	settle(t, r, pool, k)
	if len(seen) != 2 || seen[0] != seen[1] || seen[0] != effect.DeriveDownstreamKey(k) {
		t.Fatalf("downstream keys %q: want the derived key twice", seen)
	}
	other := k
	other.Scope = "tenant-2"
	if effect.DeriveDownstreamKey(other) == seen[0] {
		t.Fatal("two tenants got the same downstream key")
	}
	// Length prefixes: moving a byte between parts changes the key.
	a := effect.Key{Scope: "ab", Operation: "c", Key: "d"}
	b := effect.Key{Scope: "a", Operation: "bc", Key: "d"}
	if effect.DeriveDownstreamKey(a) == effect.DeriveDownstreamKey(b) {
		t.Fatal("keys differing in part boundaries collide")
	}
}

func TestRefusalIsTerminal(t *testing.T) {
	pool := newPool(t)
	p := newProvider(t)
	p.decline = true
	r := newRunner(t, pool, fastOptions(), p.handler())
	res, err := r.Run(context.Background(), key("k"), []byte(`{}`))
	if err != nil || res.State != effect.Rejected || string(res.Answer) != `{"declined":true}` {
		t.Fatalf("got %+v, %v; want Rejected with the provider's answer", res, err)
	}
	again, err := r.Run(context.Background(), key("k"), []byte(`{}`))
	if err != nil || again.State != effect.Rejected || !again.Replayed {
		t.Fatalf("replay: got %+v, %v", again, err)
	}
	if req, _, _ := p.counts(); req != 1 {
		t.Fatalf("provider saw %d requests, want 1: a refusal is never retried", req)
	}
}

func TestBadInputIsRefusedBeforeRecording(t *testing.T) {
	pool := newPool(t)
	p := newProvider(t)
	r := newRunner(t, pool, effect.Options{MaxRequestBytes: 8, MaxKeyBytes: 2000}, p.handler())
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		key  effect.Key
		req  []byte
		want error
	}{
		{"empty scope", effect.Key{Operation: "charge", Key: "k"}, nil, claim.ErrInvalidKey},
		{"long key", effect.Key{Scope: "s", Operation: "charge", Key: strings.Repeat("k", 2001)}, nil, claim.ErrInvalidKey},
		{"control character", effect.Key{Scope: "s", Operation: "charge", Key: "k\x00"}, nil, claim.ErrInvalidKey},
		{"parts too long together", effect.Key{Scope: strings.Repeat("s", 1300), Operation: "charge", Key: strings.Repeat("k", 1300)}, nil, claim.ErrInvalidKey},
		{"no handler", effect.Key{Scope: "s", Operation: "refund", Key: "k"}, nil, effect.ErrNoHandler},
		{"large request", key("k"), []byte("123456789"), effect.ErrRequestTooLarge},
	} {
		if _, err := r.Run(ctx, tc.key, tc.req); !errors.Is(err, tc.want) {
			t.Errorf("%s: got %v, want %v", tc.name, err, tc.want)
		}
	}
	if _, err := r.Resume(ctx, key("never")); !errors.Is(err, effect.ErrNotFound) {
		t.Errorf("Resume of an unknown key: got %v, want ErrNotFound", err)
	}
	var n int
	if err := pool.QueryRow(ctx, "SELECT count(*) FROM idemvet_effects").Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d operations recorded (%v), want 0", n, err)
	}
	// Near misses: the largest request and key allowed are recorded and
	// called.
	if _, err := r.Run(ctx, key("k"), []byte("12345678")); err != nil {
		t.Fatal(err)
	}
	longest := effect.Key{Scope: strings.Repeat("s", 1297), Operation: "charge", Key: strings.Repeat("k", 1297)}
	if res, err := r.Run(ctx, longest, nil); err != nil || res.State != effect.Completed {
		t.Fatalf("a 2600-byte key: %+v, %v", res, err)
	}

	for _, bad := range []effect.Options{{Lease: 100, CallTimeout: 200}, {CallTimeout: -1}, {MaxDispatches: -1}} {
		if _, err := effect.New(pool, bad, p.handler()); err == nil {
			t.Errorf("New accepted options %+v", bad)
		}
	}
	if _, err := effect.New(pool, effect.Options{}, p.handler(), p.handler()); err == nil {
		t.Error("New accepted two handlers for one operation")
	}
	if _, err := effect.New(pool, effect.Options{}, effect.Handler{Operation: "x", Call: p.handler().Call}); err == nil {
		t.Error("New accepted a handler without Reconcile")
	}
}

// Enqueue records the intent in the caller's transaction: it exists if and
// only if that transaction commits, and a worker dispatches it once.
func TestEnqueueCommitsWithTheCallersTransaction(t *testing.T) {
	pool := newPool(t)
	p := newProvider(t)
	r := newRunner(t, pool, fastOptions(), p.handler())
	ctx := context.Background()
	if _, err := pool.Exec(ctx, "CREATE TABLE orders (id text PRIMARY KEY)"); err != nil {
		t.Fatal(err)
	}
	place := func(id string, commit bool) {
		t.Helper()
		tx, err := pool.Begin(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer tx.Rollback(ctx)
		if _, err := tx.Exec(ctx, "INSERT INTO orders VALUES ($1)", id); err != nil {
			t.Fatal(err)
		}
		if err := r.Enqueue(ctx, tx, key(id), []byte(`{"order":"`+id+`"}`)); err != nil {
			t.Fatal(err)
		}
		if commit {
			if err := tx.Commit(ctx); err != nil {
				t.Fatal(err)
			}
		}
	}
	place("rolled-back", false)
	place("placed", true)

	st, err := r.ResumeDue(ctx, 10)
	if err != nil || st.Completed != 1 || st.Total() != 1 {
		t.Fatalf("worker pass: %+v, %v; want exactly the committed order completed", st, err)
	}
	if req, look, _ := p.counts(); req != 1 || look != 0 {
		t.Fatalf("provider saw %d requests, %d lookups; want 1, 0 (never dispatched: nothing to reconcile)", req, look)
	}
	if _, err := r.Resume(ctx, key("rolled-back")); !errors.Is(err, effect.ErrNotFound) {
		t.Fatalf("the rolled-back order's effect: got %v, want ErrNotFound", err)
	}

	// Enqueue again: same request is a no-op, another request a mismatch.
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		return r.Enqueue(ctx, tx, key("placed"), []byte(`{"order":"placed"}`))
	})
	if err != nil {
		t.Fatal(err)
	}
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		return r.Enqueue(ctx, tx, key("placed"), []byte(`{"order":"other"}`))
	})
	if !errors.Is(err, effect.ErrRequestMismatch) {
		t.Fatalf("got %v, want ErrRequestMismatch", err)
	}
	if st, err := r.ResumeDue(ctx, 10); err != nil || st.Total() != 0 {
		t.Fatalf("second pass: %+v, %v; want nothing due", st, err)
	}
}

// A caller that gives up mid-call does not erase the operation: the
// dispatch is recorded as UNKNOWN (with a context detached from the
// caller's), and a retry reconciles instead of charging again.
func TestCallerCancellationKeepsTheOperation(t *testing.T) {
	pool := newPool(t)
	p := newProvider(t)
	p.delay = 100 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// The caller gives up once the request is with the provider.
	h := p.handler()
	call := h.Call
	h.Call = func(ctx context.Context, a effect.Attempt) ([]byte, error) {
		time.AfterFunc(20*time.Millisecond, cancel)
		return call(ctx, a)
	}
	r := newRunner(t, pool, fastOptions(), h)
	k := key("k")
	if _, err := r.Run(ctx, k, []byte(`{}`)); !errors.Is(err, effect.ErrUnknown) || !errors.Is(err, context.Canceled) {
		t.Fatalf("got %v, want ErrUnknown from the caller's cancellation", err)
	}
	if s := state(t, pool, k); s != effect.Unknown {
		t.Fatalf("after the caller gave up the operation is %s, want unknown", s)
	}
	if s := settle(t, r, pool, k); s != effect.Completed {
		t.Fatalf("settled as %s", s)
	}
	if req, look, applied := p.counts(); req != 1 || look < 1 || applied != 1 {
		t.Fatalf("provider saw %d requests, %d lookups, %d charges; want 1, >=1, 1", req, look, applied)
	}
}
