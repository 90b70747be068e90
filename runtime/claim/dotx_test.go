package claim_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
)

func TestDoTxCommitsWithTheCallersTransaction(t *testing.T) {
	e := newEnv(t, claim.Options{LockTimeout: 200 * time.Millisecond}, 4)
	ctx := ctxTimeout(t, 30*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	tx, err := e.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	res, err := e.c.DoTx(ctx, tx, k, nil, pay(k, 1))
	if err != nil || res.Replayed {
		t.Fatalf("%+v, %v", res, err)
	}
	// Until the caller commits, a duplicate is in progress...
	if _, err := e.c.Do(ctx, k, nil, pay(k, 1)); !errors.Is(err, claim.ErrInProgress) {
		t.Fatalf("duplicate before the caller's commit: %v, want in progress", err)
	}
	// ...while the same transaction sees its own pending outcome.
	if res, err := e.c.DoTx(ctx, tx, k, nil, pay(k, 1)); err != nil || !res.Replayed {
		t.Fatalf("same key again in the same transaction: %+v, %v; want its pending outcome", res, err)
	}
	// Inside the function, before the outcome exists, the key is in progress.
	k2 := claim.Key{Scope: "a", Operation: "op", Key: "nested"}
	if _, err := e.c.DoTx(ctx, tx, k2, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		//idemvet:ignore claimtx the test claims its own key on purpose: the runtime must answer in progress
		_, err := e.c.DoTx(ctx, tx, k2, nil, pay(k2, 1))
		if !errors.Is(err, claim.ErrInProgress) {
			t.Errorf("nested DoTx on its own key: %v, want in progress", err)
		}
		return pay(k2, 1)(ctx, tx)
	}); err != nil {
		t.Fatal(err)
	}
	if err := tx.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if res, err := e.c.Do(ctx, k, nil, pay(k, 1)); err != nil || !res.Replayed {
		t.Fatalf("after the caller's commit: %+v, %v; want a replay", res, err)
	}
	if e.payments(k) != 1 || e.payments(k2) != 1 {
		t.Fatalf("%d and %d payments, want 1 each", e.payments(k), e.payments(k2))
	}
}

func TestDoTxRollsBackWithTheCallersTransaction(t *testing.T) {
	e := newEnv(t, claim.Options{}, 4)
	ctx := ctxTimeout(t, 30*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	tx, err := e.pool.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.c.DoTx(ctx, tx, k, nil, pay(k, 1)); err != nil {
		t.Fatal(err)
	}
	if err := tx.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	if e.claims(k) != 0 || e.payments(k) != 0 {
		t.Fatal("caller's rollback left the claim or the write")
	}
	if res, err := e.c.Do(ctx, k, nil, pay(k, 1)); err != nil || res.Replayed {
		t.Fatalf("after the caller's rollback: %+v, %v; want an execution", res, err)
	}
}

func TestDoTxErrorLeavesTheCallersTransactionUsable(t *testing.T) {
	e := newEnv(t, claim.Options{}, 4)
	ctx := ctxTimeout(t, 30*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	err := pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO payments (scope, key, amount) VALUES ('a', 'before', 1)"); err != nil {
			return err
		}
		_, err := e.c.DoTx(ctx, tx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
			pay(k, 1)(ctx, tx)
			// A failed statement aborts the transaction; DoTx's savepoint
			// must bring it back.
			_, err := tx.Exec(ctx, "SELECT 1/0")
			return claim.Outcome{}, err
		})
		if err == nil {
			return errors.New("want the function's error")
		}
		_, err = tx.Exec(ctx, "INSERT INTO payments (scope, key, amount) VALUES ('a', 'after', 1)")
		return err
	})
	if err != nil {
		t.Fatalf("caller's transaction unusable after DoTx failed: %v", err)
	}
	if e.payments(k) != 0 || e.claims(k) != 0 || e.count("SELECT count(*) FROM payments") != 2 {
		t.Fatal("want the caller's two rows and nothing from the failed DoTx")
	}
	// Replay and mismatch inside a transaction leave it usable as well.
	if _, err := e.c.Do(ctx, k, []byte("f"), pay(k, 1)); err != nil {
		t.Fatal(err)
	}
	err = pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error {
		res, err := e.c.DoTx(ctx, tx, k, []byte("f"), pay(k, 1))
		if err != nil || !res.Replayed {
			t.Fatalf("replay in tx: %+v, %v", res, err)
		}
		if _, err := e.c.DoTx(ctx, tx, k, []byte("g"), pay(k, 1)); !errors.Is(err, claim.ErrFingerprintMismatch) {
			t.Fatalf("mismatch in tx: %v", err)
		}
		_, err = tx.Exec(ctx, "SELECT 1")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
