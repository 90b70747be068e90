package claim_test

import (
	"bytes"
	"context"
	"errors"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
)

func TestFirstCallExecutesAndSecondReplays(t *testing.T) {
	e := newEnv(t, claim.Options{}, 4)
	ctx := ctxTimeout(t, 30*time.Second)
	k := claim.Key{Scope: "tenant-a", Operation: "POST /payments", Key: "k1"}
	f := fp(t, map[string]any{"amount": 10})

	first, err := e.c.Do(ctx, k, f, pay(k, 10))
	if err != nil {
		t.Fatal(err)
	}
	if first.Replayed || first.Outcome.Status != 201 || first.Outcome.ResourceID == "" {
		t.Fatalf("first call: %+v, want an executed 201 with a resource id", first)
	}
	// The caller lost that response and retries with the same key.
	second, err := e.c.Do(ctx, k, f, pay(k, 10))
	if err != nil {
		t.Fatal(err)
	}
	if !second.Replayed {
		t.Fatal("second call executed again; want a replay")
	}
	if second.Outcome.Status != first.Outcome.Status || !bytes.Equal(second.Outcome.Body, first.Outcome.Body) ||
		second.Outcome.ResourceID != first.Outcome.ResourceID {
		t.Fatalf("replayed %+v, want the stored %+v", second.Outcome, first.Outcome)
	}
	if n := e.payments(k); n != 1 {
		t.Fatalf("%d payments, want 1", n)
	}
	// Near miss: another key is another operation and executes.
	k2 := k
	k2.Key = "k2"
	third, err := e.c.Do(ctx, k2, f, pay(k2, 10))
	if err != nil || third.Replayed {
		t.Fatalf("new key: %+v, %v; want an execution", third, err)
	}
	// Near miss: the same key under another operation is another operation.
	k3 := k
	k3.Operation = "POST /refunds"
	fourth, err := e.c.Do(ctx, k3, f, pay(k3, 10))
	if err != nil || fourth.Replayed {
		t.Fatalf("same key, other operation: %+v, %v; want an execution", fourth, err)
	}
}

func TestReplayIsTheStoredOutcomeNotCurrentState(t *testing.T) {
	e := newEnv(t, claim.Options{}, 4)
	ctx := ctxTimeout(t, 30*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	first, err := e.c.Do(ctx, k, nil, pay(k, 10))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.pool.Exec(ctx, "UPDATE payments SET amount = 99"); err != nil {
		t.Fatal(err)
	}
	again, err := e.c.Do(ctx, k, nil, pay(k, 10))
	if err != nil || !again.Replayed || !bytes.Equal(again.Outcome.Body, first.Outcome.Body) {
		t.Fatalf("replay %+v, %v; want the body stored at first execution %s", again, err, first.Outcome.Body)
	}
}

func TestFingerprintMismatchHasNoSecondEffect(t *testing.T) {
	e := newEnv(t, claim.Options{}, 4)
	ctx := ctxTimeout(t, 30*time.Second)
	k := claim.Key{Scope: "a", Operation: "POST /payments", Key: "k"}
	if _, err := e.c.Do(ctx, k, fp(t, map[string]int{"amount": 10}), pay(k, 10)); err != nil {
		t.Fatal(err)
	}
	ran := false
	_, err := e.c.Do(ctx, k, fp(t, map[string]int{"amount": 11}), func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		ran = true
		return pay(k, 11)(ctx, tx)
	})
	var mm *claim.MismatchError
	if !errors.As(err, &mm) || !errors.Is(err, claim.ErrFingerprintMismatch) {
		t.Fatalf("err = %v, want a MismatchError", err)
	}
	if code, _ := claim.HTTPStatus(err); code != 422 {
		t.Fatalf("HTTP status %d, want 422", code)
	}
	if ran || e.payments(k) != 1 {
		t.Fatalf("mismatch ran the function (%v) or left %d payments, want 1", ran, e.payments(k))
	}
	// Near miss: the first fingerprint, re-encoded differently, still replays.
	res, err := e.c.Do(ctx, k, fp(t, map[string]any{"amount": 10}), pay(k, 10))
	if err != nil || !res.Replayed {
		t.Fatalf("same request: %+v, %v; want a replay", res, err)
	}
}

func TestTenantsAreSeparate(t *testing.T) {
	e := newEnv(t, claim.Options{}, 4)
	ctx := ctxTimeout(t, 30*time.Second)
	a := claim.Key{Scope: "tenant-a", Operation: "POST /payments", Key: "same-key"}
	b := claim.Key{Scope: "tenant-b", Operation: "POST /payments", Key: "same-key"}
	f := fp(t, map[string]int{"amount": 5})
	ra, err := e.c.Do(ctx, a, f, pay(a, 5))
	if err != nil {
		t.Fatal(err)
	}
	rb, err := e.c.Do(ctx, b, f, pay(b, 5))
	if err != nil {
		t.Fatal(err)
	}
	if ra.Replayed || rb.Replayed {
		t.Fatalf("tenant b replayed tenant a's operation: a=%+v b=%+v", ra, rb)
	}
	if e.payments(a) != 1 || e.payments(b) != 1 {
		t.Fatalf("payments a=%d b=%d, want one each", e.payments(a), e.payments(b))
	}
	for _, tc := range []struct {
		k    claim.Key
		want []byte
	}{{a, ra.Outcome.Body}, {b, rb.Outcome.Body}} {
		res, err := e.c.Do(ctx, tc.k, f, pay(tc.k, 5))
		if err != nil || !res.Replayed || !bytes.Equal(res.Outcome.Body, tc.want) {
			t.Fatalf("replay for %s: %s, %v; want its own %s", tc.k.Scope, res.Outcome.Body, err, tc.want)
		}
		if !bytes.Contains(res.Outcome.Body, []byte(tc.k.Scope)) {
			t.Fatalf("replay for %s carries another tenant's body %s", tc.k.Scope, res.Outcome.Body)
		}
	}
	// A third tenant with another payload executes rather than seeing a
	// mismatch: another tenant's use of the key must not even be revealed.
	c := claim.Key{Scope: "tenant-c", Operation: "POST /payments", Key: "same-key"}
	if res, err := e.c.Do(ctx, c, fp(t, map[string]int{"amount": 6}), pay(c, 6)); err != nil || res.Replayed {
		t.Fatalf("tenant c: %+v, %v; want an execution", res, err)
	}
}

func TestBusinessErrorLeavesKeyUnclaimed(t *testing.T) {
	e := newEnv(t, claim.Options{}, 4)
	ctx := ctxTimeout(t, 30*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	boom := errors.New("downstream validation failed")
	_, err := e.c.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		if _, err := pay(k, 1)(ctx, tx); err != nil {
			return claim.Outcome{}, err
		}
		return claim.Outcome{}, boom // after a write: it must be rolled back too
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want the function's own error", err)
	}
	if e.claims(k) != 0 || e.payments(k) != 0 {
		t.Fatalf("after a business error: %d claims, %d payments; want none", e.claims(k), e.payments(k))
	}
	calls := 0
	for i := range 2 {
		res, err := e.c.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
			calls++
			return pay(k, 1)(ctx, tx)
		})
		if err != nil {
			t.Fatal(err)
		}
		if res.Replayed != (i == 1) {
			t.Fatalf("retry %d: replayed=%v, want the first retry to execute and the second to replay", i, res.Replayed)
		}
	}
	if calls != 1 || e.payments(k) != 1 {
		t.Fatalf("retry ran %d times, %d payments; want exactly once", calls, e.payments(k))
	}
}

func TestTerminalRejectionIsStoredAndReplayed(t *testing.T) {
	e := newEnv(t, claim.Options{}, 4)
	ctx := ctxTimeout(t, 30*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	insufficient := errors.New("insufficient funds")
	calls := 0
	reject := func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		calls++
		if _, err := pay(k, 1)(ctx, tx); err != nil { // a write that must not survive
			return claim.Outcome{}, err
		}
		return claim.Outcome{}, claim.Reject(claim.Outcome{Status: 402, Body: []byte("insufficient funds")}, insufficient)
	}
	first, err := e.c.Do(ctx, k, nil, reject)
	if err != nil {
		t.Fatal(err)
	}
	if !first.Rejected || first.Replayed || first.Outcome.Status != 402 {
		t.Fatalf("first: %+v, want an executed rejection with 402", first)
	}
	second, err := e.c.Do(ctx, k, nil, pay(k, 1))
	if err != nil {
		t.Fatal(err)
	}
	if !second.Rejected || !second.Replayed || second.Outcome.Status != 402 || string(second.Outcome.Body) != "insufficient funds" {
		t.Fatalf("second: %+v, want the replayed rejection", second)
	}
	if calls != 1 || e.payments(k) != 0 || e.claims(k) != 1 {
		t.Fatalf("calls=%d payments=%d claims=%d; want the rejection stored once and its write undone",
			calls, e.payments(k), e.claims(k))
	}
}

func TestPanicInFunctionRollsBack(t *testing.T) {
	e := newEnv(t, claim.Options{}, 1)
	ctx := ctxTimeout(t, 30*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	func() {
		defer func() {
			if recover() == nil {
				t.Fatal("panic was swallowed")
			}
		}()
		e.c.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
			pay(k, 1)(ctx, tx)
			panic("bug")
		})
	}()
	if e.claims(k) != 0 || e.payments(k) != 0 {
		t.Fatal("a panicking function left its claim or write behind")
	}
	// The single pooled connection is usable again and the key is free.
	if res, err := e.c.Do(ctx, k, nil, pay(k, 1)); err != nil || res.Replayed {
		t.Fatalf("after the panic: %+v, %v", res, err)
	}
}

// A rejection is often the answer to a failed statement (a unique violation
// meaning "order already placed"), which leaves the transaction aborted.
func TestRejectionAfterAFailedStatement(t *testing.T) {
	e := newEnv(t, claim.Options{}, 1) // one connection: nothing prepared yet
	ctx := ctxTimeout(t, 30*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	for i := range 2 {
		res, err := e.c.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
			pay(k, 1)(ctx, tx)
			if _, err := tx.Exec(ctx, "SELECT 1/0"); err != nil {
				return claim.Outcome{}, claim.Reject(claim.Outcome{Status: 409, Body: []byte("duplicate order")}, err)
			}
			return claim.Outcome{Status: 200}, nil
		})
		if err != nil || !res.Rejected || res.Replayed != (i == 1) || res.Outcome.Status != 409 {
			t.Fatalf("call %d: %+v, %v; want the stored rejection", i, res, err)
		}
	}
	if e.payments(k) != 0 || e.claims(k) != 1 {
		t.Fatalf("payments=%d claims=%d, want 0 and 1", e.payments(k), e.claims(k))
	}
}
