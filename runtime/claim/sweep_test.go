package claim_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/claim"
)

func TestSweepRemovesOnlyExpiredRecords(t *testing.T) {
	e := newEnv(t, claim.Options{TTL: time.Hour}, 4)
	ctx := ctxTimeout(t, 30*time.Second)
	short, err := claim.New(e.pool, claim.Options{TTL: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	key := func(prefix string, i int) claim.Key {
		return claim.Key{Scope: "a", Operation: "op", Key: fmt.Sprintf("%s-%d", prefix, i)}
	}
	for i := range 5 {
		if _, err := short.Do(ctx, key("expired", i), nil, pay(key("expired", i), i)); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 3 {
		if _, err := e.c.Do(ctx, key("live", i), nil, pay(key("live", i), i)); err != nil {
			t.Fatal(err)
		}
	}
	time.Sleep(20 * time.Millisecond)

	// Expired but not yet swept: still honoured (expiry permits deletion only).
	res, err := short.Do(ctx, key("expired", 0), nil, pay(key("expired", 0), 0))
	if err != nil || !res.Replayed {
		t.Fatalf("expired, unswept record: %+v, %v; want a replay", res, err)
	}

	deleted, err := e.c.Sweep(ctx, 2) // batches of 2, 2 and 1
	if err != nil {
		t.Fatal(err)
	}
	if deleted != 5 {
		t.Fatalf("swept %d records, want the 5 expired ones", deleted)
	}
	if n := e.count("SELECT count(*) FROM idemvet_claims"); n != 3 {
		t.Fatalf("%d records left, want the 3 live ones", n)
	}
	if again, _ := e.c.Sweep(ctx, 2); again != 0 {
		t.Fatalf("second sweep deleted %d, want 0", again)
	}
	// After the sweep the key is unknown and executes again; a live key
	// still replays.
	if res, err := short.Do(ctx, key("expired", 0), nil, pay(key("expired", 0), 0)); err != nil || res.Replayed {
		t.Fatalf("swept key: %+v, %v; want a new execution", res, err)
	}
	if res, err := e.c.Do(ctx, key("live", 0), nil, pay(key("live", 0), 0)); err != nil || !res.Replayed {
		t.Fatalf("live key: %+v, %v; want a replay", res, err)
	}
	if _, err := e.c.Sweep(ctx, 0); err == nil {
		t.Fatal("batch size 0 accepted")
	}
}

func TestSweepSkipsClaimsInFlight(t *testing.T) {
	e := newEnv(t, claim.Options{TTL: time.Millisecond}, 4)
	ctx := ctxTimeout(t, 30*time.Second)
	k := claim.Key{Scope: "a", Operation: "op", Key: "in-flight"}
	release, done := holdKey(t, e, k, false)
	time.Sleep(10 * time.Millisecond) // its expires_at is now in the past
	deleted, err := e.c.Sweep(ctx, 10)
	if err != nil || deleted != 0 {
		t.Fatalf("sweep during the claiming transaction deleted %d, %v; want 0", deleted, err)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if e.claims(k) != 1 {
		t.Fatal("the in-flight claim did not commit")
	}
	// Near miss: the same record, committed and expired, is swept.
	if deleted, _ := e.c.Sweep(ctx, 10); deleted != 1 {
		t.Fatalf("swept %d after commit, want 1", deleted)
	}
}
