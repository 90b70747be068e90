package effect_test

import (
	"context"
	"errors"
	"testing"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/idemvet/idemvet/runtime/effect"
	"github.com/jackc/pgx/v5"
)

// The claim and the effect compose: a claimed request records its order and
// the intent to charge in the claim's transaction; a replay records
// nothing; an error rolls the intent back with everything else. The worker
// then charges exactly once.
func TestEnqueueInsideAClaim(t *testing.T) {
	pool := newPool(t)
	ctx := context.Background()
	if err := claim.Migrate(ctx, pool); err != nil {
		t.Fatal(err)
	}
	claims, err := claim.New(pool, claim.Options{})
	if err != nil {
		t.Fatal(err)
	}
	p := newProvider(t)
	r := newRunner(t, pool, fastOptions(), p.handler())

	placeOrder := func(order string, fail bool) claim.Func {
		return func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
			if err := r.Enqueue(ctx, tx, key(order), []byte(`{"order":"`+order+`"}`)); err != nil {
				return claim.Outcome{}, err
			}
			if fail {
				return claim.Outcome{}, errors.New("stock check failed")
			}
			return claim.Outcome{Status: 202}, nil
		}
	}
	request := claim.Key{Scope: "tenant-1", Operation: "POST /orders", Key: "client-key"}
	for i := range 2 {
		res, err := claims.Do(ctx, request, nil, placeOrder("o-1", false))
		if err != nil || res.Replayed != (i == 1) {
			t.Fatalf("request %d: %+v, %v", i, res, err)
		}
	}
	failed := claim.Key{Scope: "tenant-1", Operation: "POST /orders", Key: "other-key"}
	if _, err := claims.Do(ctx, failed, nil, placeOrder("o-2", true)); err == nil {
		t.Fatal("the failing request succeeded")
	}

	st, err := r.ResumeDue(ctx, 10)
	if err != nil || st.Completed != 1 || st.Total() != 1 {
		t.Fatalf("worker pass %+v, %v: want the one committed intent completed", st, err)
	}
	if _, err := r.Resume(ctx, key("o-2")); !errors.Is(err, effect.ErrNotFound) {
		t.Fatalf("the failed request's intent: %v, want ErrNotFound", err)
	}
	if req, _, applied := p.counts(); req != 1 || applied != 1 {
		t.Fatalf("provider saw %d requests, %d charges; want 1, 1", req, applied)
	}
}
