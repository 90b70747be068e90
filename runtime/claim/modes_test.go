package claim_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/idemvet/idemvet/internal/pgtest"
	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// TestQueryExecModes runs the protocol on pools configured for each pgx
// query execution mode: the caching modes queue prepared statement names,
// the others SQL text (the simple protocol sends one multi-statement query).
func TestQueryExecModes(t *testing.T) {
	for _, mode := range []pgx.QueryExecMode{
		pgx.QueryExecModeCacheStatement, pgx.QueryExecModeCacheDescribe,
		pgx.QueryExecModeDescribeExec, pgx.QueryExecModeExec, pgx.QueryExecModeSimpleProtocol,
	} {
		t.Run(mode.String(), func(t *testing.T) {
			pool := pgtest.NewPool(t, func(cfg *pgxpool.Config) {
				cfg.MaxConns = 2
				cfg.ConnConfig.DefaultQueryExecMode = mode
			})
			ctx := ctxTimeout(t, 30*time.Second)
			if err := claim.Migrate(ctx, pool); err != nil {
				t.Fatal(err)
			}
			if _, err := pool.Exec(ctx, `CREATE TABLE payments (
				id bigserial PRIMARY KEY, scope text NOT NULL, key text NOT NULL, amount int NOT NULL)`); err != nil {
				t.Fatal(err)
			}
			c, err := claim.New(pool, claim.Options{})
			if err != nil {
				t.Fatal(err)
			}
			e := &env{t: t, pool: pool, c: c}
			k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
			for i := range 3 {
				res, err := c.Do(ctx, k, []byte("f"), pay(k, 1))
				if err != nil || res.Replayed != (i > 0) {
					t.Fatalf("call %d: %+v, %v", i, res, err)
				}
			}
			if _, err := c.Do(ctx, k, []byte("g"), pay(k, 1)); !errors.Is(err, claim.ErrFingerprintMismatch) {
				t.Fatalf("mismatch: %v", err)
			}
			r := claim.Key{Scope: "a", Operation: "op", Key: "rejected"}
			for range 2 {
				res, err := c.Do(ctx, r, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
					pay(r, 1)(ctx, tx)
					return claim.Outcome{}, claim.Reject(claim.Outcome{Status: 402}, nil)
				})
				if err != nil || !res.Rejected {
					t.Fatalf("rejection: %+v, %v", res, err)
				}
			}
			if e.payments(k) != 1 || e.payments(r) != 0 {
				t.Fatalf("payments: %d and %d, want 1 and 0", e.payments(k), e.payments(r))
			}
		})
	}
}
