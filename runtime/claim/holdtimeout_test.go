package claim_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
)

// TestHoldTimeoutFreesAHungClaim: a function that ignores its context holds
// the key only until HoldTimeout, on the server's clock; then the key is
// free and a retry executes. Without the bound, the retry is in progress.
func TestHoldTimeoutFreesAHungClaim(t *testing.T) {
	const hold = 400 * time.Millisecond
	for _, hang := range []string{"idle", "statement"} {
		for _, holdTimeout := range []time.Duration{hold, -1} {
			t.Run(fmt.Sprintf("%s/HoldTimeout=%v", hang, holdTimeout), func(t *testing.T) {
				e := newEnv(t, claim.Options{HoldTimeout: holdTimeout, LockTimeout: 100 * time.Millisecond, NonBlocking: true}, 4)
				ctx := ctxTimeout(t, 30*time.Second)
				k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
				unblock := make(chan struct{})
				first := make(chan error, 1)
				started := make(chan struct{})
				go func() {
					_, err := e.c.Do(context.Background(), k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
						if _, err := pay(k, 1)(ctx, tx); err != nil {
							return claim.Outcome{}, err
						}
						close(started)
						if hang == "idle" {
							<-unblock // idle in transaction, deaf to ctx
						} else if _, err := tx.Exec(context.Background(), "SELECT pg_sleep(3)"); err != nil {
							<-unblock
							return claim.Outcome{}, err
						}
						return claim.Outcome{Status: 201}, nil
					})
					first <- err
				}()
				<-started
				time.Sleep(hold + 600*time.Millisecond)
				res, err := e.c.Do(ctx, k, nil, pay(k, 2))
				close(unblock)
				firstErr := <-first
				t.Logf("retry after %v: status %d replayed=%v, %v; hung call: %v", hold+600*time.Millisecond, res.Outcome.Status, res.Replayed, err, firstErr)
				if holdTimeout < 0 {
					if !errors.Is(err, claim.ErrInProgress) {
						t.Fatalf("without a bound the retry got %v, want in progress (the control)", err)
					}
					return
				}
				if err != nil || res.Replayed {
					t.Fatalf("retry after the hold timeout: %+v, %v; want a fresh execution", res, err)
				}
				if firstErr == nil {
					t.Fatal("the hung call succeeded after its claim was taken away")
				}
				if n := e.payments(k); n != 1 {
					t.Fatalf("%d payments, want only the retry's", n)
				}
			})
		}
	}
}

func TestHoldTimeoutIsSetInTheClaimsTransaction(t *testing.T) {
	e := newEnv(t, claim.Options{HoldTimeout: 7 * time.Second}, 2)
	ctx := ctxTimeout(t, 30*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	var st, idle string
	if _, err := e.c.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		err := tx.QueryRow(ctx, "SELECT current_setting('statement_timeout'), current_setting('idle_in_transaction_session_timeout')").Scan(&st, &idle)
		return claim.Outcome{Status: 200}, err
	}); err != nil {
		t.Fatal(err)
	}
	if st != "7s" || idle != "7s" {
		t.Fatalf("inside the work: statement_timeout=%s idle_in_transaction_session_timeout=%s, want 7s", st, idle)
	}
	// SET LOCAL: the pooled session keeps its own values.
	if err := e.pool.QueryRow(ctx, "SELECT current_setting('statement_timeout'), current_setting('idle_in_transaction_session_timeout')").Scan(&st, &idle); err != nil {
		t.Fatal(err)
	}
	if st != "0" || idle != "0" {
		t.Fatalf("on the session afterwards: %s and %s, want 0 and 0", st, idle)
	}
}
