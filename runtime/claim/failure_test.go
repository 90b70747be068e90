package claim_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
)

func TestKilledConnectionLeavesNoClaim(t *testing.T) {
	e := newEnv(t, claim.Options{}, 4)
	ctx := ctxTimeout(t, 60*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	pids := make(chan uint32, 1)
	done := make(chan error, 1)
	go func() {
		_, err := e.c.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
			if _, err := pay(k, 1)(ctx, tx); err != nil {
				return claim.Outcome{}, err
			}
			pids <- tx.Conn().PgConn().PID()
			// Mid-work: the claim and a write are in flight when the backend dies.
			_, err := tx.Exec(ctx, "SELECT pg_sleep(30)")
			return claim.Outcome{Status: 200}, err
		})
		done <- err
	}()
	pid := <-pids
	var killed bool
	if err := e.pool.QueryRow(ctx, "SELECT pg_terminate_backend($1)", pid).Scan(&killed); err != nil || !killed {
		t.Fatalf("pg_terminate_backend(%d) = %v, %v", pid, killed, err)
	}
	select {
	case err := <-done:
		if err == nil || errors.Is(err, claim.ErrInProgress) {
			t.Fatalf("Do on a killed connection returned %v, want the connection error", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Do did not return after its backend was terminated")
	}
	if e.claims(k) != 0 || e.payments(k) != 0 {
		t.Fatalf("killed transaction left %d claims and %d payments behind", e.claims(k), e.payments(k))
	}
	calls := 0
	for range 2 {
		if _, err := e.c.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
			calls++
			return pay(k, 1)(ctx, tx)
		}); err != nil {
			t.Fatal(err)
		}
	}
	if calls != 1 || e.payments(k) != 1 {
		t.Fatalf("retries ran %d times, %d payments; want exactly one execution", calls, e.payments(k))
	}
}

// holdKey runs Do on k with a function that blocks until release is closed,
// so the claim stays in an open transaction. It returns once the claim is held.
func holdKey(t *testing.T, e *env, k claim.Key, fail bool) (release chan struct{}, done chan error) {
	release, done = make(chan struct{}), make(chan error, 1)
	held := make(chan struct{})
	go func() {
		_, err := e.c.Do(context.Background(), k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
			if _, err := pay(k, 1)(ctx, tx); err != nil {
				return claim.Outcome{}, err
			}
			close(held)
			<-release
			if fail {
				return claim.Outcome{}, errors.New("holder gives up")
			}
			return claim.Outcome{Status: 201, Body: []byte("holder")}, nil
		})
		done <- err
	}()
	<-held
	return release, done
}

func TestLockTimeoutReturnsInProgressWithinBound(t *testing.T) {
	const bound = 300 * time.Millisecond
	e := newEnv(t, claim.Options{LockTimeout: bound}, 4)
	ctx := ctxTimeout(t, 60*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	release, holder := holdKey(t, e, k, false)

	started := time.Now()
	ran := false
	_, err := e.c.Do(ctx, k, nil, func(context.Context, pgx.Tx) (claim.Outcome, error) {
		ran = true
		return claim.Outcome{}, nil
	})
	waited := time.Since(started)
	var ip *claim.InProgressError
	if !errors.As(err, &ip) || !errors.Is(err, claim.ErrInProgress) {
		t.Fatalf("err = %v, want an InProgressError", err)
	}
	if waited < bound-20*time.Millisecond || waited > bound+time.Second {
		t.Fatalf("in-progress after %v, want about the %v lock timeout", waited, bound)
	}
	if code, _ := claim.HTTPStatus(err); code != 409 || ip.RetryAfter() != "1" {
		t.Fatalf("HTTP %d Retry-After %q, want 409 and 1", code, ip.RetryAfter())
	}
	if ran {
		t.Fatal("the function ran while another transaction held the key")
	}
	// Near miss: once the holder commits, the same call replays.
	close(release)
	if err := <-holder; err != nil {
		t.Fatal(err)
	}
	res, err := e.c.Do(ctx, k, nil, pay(k, 1))
	if err != nil || !res.Replayed || string(res.Outcome.Body) != "holder" {
		t.Fatalf("after the holder committed: %+v, %v; want its replay", res, err)
	}
}

func TestHolderRollbackFreesTheKeyForTheWaiter(t *testing.T) {
	e := newEnv(t, claim.Options{LockTimeout: 10 * time.Second}, 4)
	ctx := ctxTimeout(t, 60*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	release, holder := holdKey(t, e, k, true)
	waiter := make(chan claim.Result, 1)
	go func() {
		res, err := e.c.Do(ctx, k, nil, pay(k, 2))
		if err != nil {
			t.Error(err)
		}
		waiter <- res
	}()
	time.Sleep(100 * time.Millisecond) // let the waiter block on the key
	close(release)
	if err := <-holder; err == nil {
		t.Fatal("holder should have failed")
	}
	if res := <-waiter; res.Replayed {
		t.Fatal("waiter replayed a rolled-back execution")
	}
	if e.payments(k) != 1 || e.claims(k) != 1 {
		t.Fatalf("%d payments, %d claims; want the waiter's one", e.payments(k), e.claims(k))
	}
}

func TestClaimLockTimeoutDoesNotLeakIntoWorkOrSession(t *testing.T) {
	e := newEnv(t, claim.Options{LockTimeout: 1234 * time.Millisecond, Isolation: pgx.Serializable}, 1)
	ctx := ctxTimeout(t, 30*time.Second)
	var sessionLT string
	if err := e.pool.QueryRow(ctx, "SHOW lock_timeout").Scan(&sessionLT); err != nil {
		t.Fatal(err)
	}
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	var inWorkLT, inWorkIso string
	if _, err := e.c.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		if err := tx.QueryRow(ctx, "SELECT current_setting('lock_timeout'), current_setting('transaction_isolation')").
			Scan(&inWorkLT, &inWorkIso); err != nil {
			return claim.Outcome{}, err
		}
		return claim.Outcome{Status: 200}, nil
	}); err != nil {
		t.Fatal(err)
	}
	if inWorkLT != sessionLT || inWorkIso != "serializable" {
		t.Fatalf("inside the work: lock_timeout=%s isolation=%s; want the session's %s and serializable",
			inWorkLT, inWorkIso, sessionLT)
	}
	if _, err := e.c.Do(ctx, k, nil, pay(k, 1)); err != nil { // a replay
		t.Fatal(err)
	}
	var afterLT, afterIso string
	if err := e.pool.QueryRow(ctx, "SELECT current_setting('lock_timeout'), current_setting('transaction_isolation')").
		Scan(&afterLT, &afterIso); err != nil {
		t.Fatal(err)
	}
	if afterLT != sessionLT || afterIso != "read committed" {
		t.Fatalf("on the pooled connection afterwards: lock_timeout=%s isolation=%s; want %s and read committed",
			afterLT, afterIso, sessionLT)
	}
}

func TestTransactionBelongsToDo(t *testing.T) {
	e := newEnv(t, claim.Options{}, 2)
	ctx := ctxTimeout(t, 30*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	var leaked pgx.Tx
	res, err := e.c.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		leaked = tx
		//idemvet:ignore claimtx the test commits on purpose: the runtime must refuse it
		if err := tx.Commit(ctx); !errors.Is(err, claim.ErrTxOwned) {
			return claim.Outcome{}, errors.New("Commit inside Do was not refused")
		}
		// A nested transaction is a savepoint and may roll back on its own.
		nested, err := tx.Begin(ctx)
		if err != nil {
			return claim.Outcome{}, err
		}
		if _, err := pay(k, 99)(ctx, nested); err != nil {
			return claim.Outcome{}, err
		}
		if err := nested.Rollback(ctx); err != nil {
			return claim.Outcome{}, err
		}
		return pay(k, 1)(ctx, tx)
	})
	if err != nil || res.Replayed {
		t.Fatalf("%+v, %v", res, err)
	}
	if n := e.count("SELECT count(*) FROM payments WHERE amount = 99"); n != 0 || e.payments(k) != 1 {
		t.Fatalf("nested rollback kept %d rows; %d payments total", n, e.payments(k))
	}
	if _, err := leaked.Exec(ctx, "SELECT 1"); !errors.Is(err, pgx.ErrTxClosed) {
		t.Fatalf("using the transaction after Do returned: %v, want pgx.ErrTxClosed", err)
	}
}
