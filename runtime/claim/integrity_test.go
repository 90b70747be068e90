package claim_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
)

// TestFunctionEndingTheTransaction: a function that commits the claim's
// transaction behind Do's back gets ErrTxState, and the key's record, now
// committed without an outcome, is reported as ErrMissingOutcome (500) to
// every retry, never as in progress. One that rolls it back frees the key.
func TestFunctionEndingTheTransaction(t *testing.T) {
	for _, end := range []string{"COMMIT", "ROLLBACK"} {
		t.Run(end, func(t *testing.T) {
			e := newEnv(t, claim.Options{LockTimeout: 200 * time.Millisecond}, 2)
			ctx := ctxTimeout(t, 30*time.Second)
			k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
			_, err := e.c.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
				if _, err := pay(k, 1)(ctx, tx); err != nil {
					return claim.Outcome{}, err
				}
				_, err := tx.Exec(ctx, end)
				return claim.Outcome{Status: 201}, err
			})
			var stateErr *claim.TxStateError
			if !errors.As(err, &stateErr) || !errors.Is(err, claim.ErrTxState) {
				t.Fatalf("%s inside the function: %v, want a TxStateError", end, err)
			}
			retry, retryErr := e.c.Do(ctx, k, nil, pay(k, 1))
			if code, _ := claim.HTTPStatus(retryErr); end == "COMMIT" {
				if !stateErr.Committed || !errors.Is(err, claim.ErrMissingOutcome) {
					t.Fatalf("the claim was committed, the error says otherwise: %v", err)
				}
				if !errors.Is(retryErr, claim.ErrMissingOutcome) || errors.Is(retryErr, claim.ErrInProgress) || code != 500 {
					t.Fatalf("retry of a claim committed without outcome: %v (HTTP %d), want ErrMissingOutcome, 500", retryErr, code)
				}
				return
			}
			if stateErr.Committed || errors.Is(err, claim.ErrMissingOutcome) {
				t.Fatalf("rolled back, but reported committed: %v", err)
			}
			if retryErr != nil || retry.Replayed || e.payments(k) != 1 {
				t.Fatalf("retry after the function's ROLLBACK: %+v, %v, %d payments; want one execution", retry, retryErr, e.payments(k))
			}
		})
	}
}

func TestFunctionIgnoringAFailedStatement(t *testing.T) {
	e := newEnv(t, claim.Options{}, 2)
	ctx := ctxTimeout(t, 30*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	_, err := e.c.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		pay(k, 1)(ctx, tx)
		tx.Exec(ctx, "SELECT 1/0") // error ignored: the transaction is aborted
		return claim.Outcome{Status: 201}, nil
	})
	if !errors.Is(err, claim.ErrTxState) || errors.Is(err, claim.ErrMissingOutcome) {
		t.Fatalf("outcome from an aborted transaction: %v, want ErrTxState, rolled back", err)
	}
	res, err := e.c.Do(ctx, k, nil, pay(k, 1))
	if err != nil || res.Replayed || e.payments(k) != 1 {
		t.Fatalf("retry: %+v, %v, %d payments; want one execution", res, err, e.payments(k))
	}
}

// TestDoTxFunctionCommittingTheCallersTransaction: DoTx hands over the
// caller's transaction; committing it inside the function is caught too.
func TestDoTxFunctionCommittingTheCallersTransaction(t *testing.T) {
	e := newEnv(t, claim.Options{LockTimeout: 200 * time.Millisecond}, 2)
	ctx := ctxTimeout(t, 30*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	tx, err := e.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	_, err = e.c.DoTx(ctx, tx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		if _, err := pay(k, 1)(ctx, tx); err != nil {
			return claim.Outcome{}, err
		}
		//idemvet:ignore claimtx the test commits on purpose: the runtime must catch it
		return claim.Outcome{Status: 201}, tx.Commit(ctx)
	})
	if !errors.Is(err, claim.ErrTxState) || !errors.Is(err, claim.ErrMissingOutcome) {
		t.Fatalf("Commit of the caller's transaction inside DoTx: %v, want ErrTxState and ErrMissingOutcome", err)
	}
	if _, err := e.c.Do(ctx, k, nil, pay(k, 1)); !errors.Is(err, claim.ErrMissingOutcome) {
		t.Fatalf("retry: %v, want ErrMissingOutcome", err)
	}
	// The near miss: a DoTx whose function leaves the transaction alone.
	k2 := claim.Key{Scope: "a", Operation: "op", Key: "k2"}
	err = pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error {
		_, err := e.c.DoTx(ctx, tx, k2, nil, pay(k2, 1))
		return err
	})
	if res, err2 := e.c.Do(ctx, k2, nil, pay(k2, 1)); err != nil || err2 != nil || !res.Replayed {
		t.Fatalf("well-behaved DoTx: %v; retry %+v, %v", err, res, err2)
	}
}
