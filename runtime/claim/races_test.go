package claim_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
)

// TestWaitingDuplicateReplaysWithOneAttempt: a duplicate that waited for
// the holder reads its record with one more statement; that is not a failed
// attempt, so MaxAttempts 1 still gets the replay (Do) and DoTx no internal
// error. If the holder rolls back, the duplicate executes.
func TestWaitingDuplicateReplaysWithOneAttempt(t *testing.T) {
	for _, inTx := range []bool{false, true} {
		for _, holderFails := range []bool{false, true} {
			t.Run(fmt.Sprintf("DoTx=%v/holderFails=%v", inTx, holderFails), func(t *testing.T) {
				e := newEnv(t, claim.Options{MaxAttempts: 1, LockTimeout: 10 * time.Second}, 4)
				ctx := ctxTimeout(t, 30*time.Second)
				k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
				release, holder := holdKey(t, e, k, holderFails)
				go func() {
					time.Sleep(300 * time.Millisecond) // the duplicate is waiting by then
					close(release)
				}()
				var res claim.Result
				var err error
				if inTx {
					err = pgx.BeginFunc(ctx, e.pool, func(tx pgx.Tx) error {
						res, err = e.c.DoTx(ctx, tx, k, nil, pay(k, 1))
						return err
					})
				} else {
					res, err = e.c.Do(ctx, k, nil, pay(k, 1))
				}
				if holderErr := <-holder; (holderErr != nil) != holderFails {
					t.Fatalf("holder: %v", holderErr)
				}
				if err != nil {
					code, _ := claim.HTTPStatus(err)
					t.Fatalf("duplicate: %v (HTTP %d)", err, code)
				}
				if res.Replayed == holderFails {
					t.Fatalf("duplicate: %+v; want replayed=%v", res, !holderFails)
				}
				if !holderFails && string(res.Outcome.Body) != "holder" {
					t.Fatalf("replayed %q, want the holder's outcome", res.Outcome.Body)
				}
			})
		}
	}
}
