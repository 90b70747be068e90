package claim_test

import (
	"strings"
	"testing"
	"time"

	"github.com/idemvet/idemvet/internal/pgtest"
	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5/pgxpool"
)

func TestMigrateRecordsAndChecksTheSchema(t *testing.T) {
	ctx := ctxTimeout(t, 60*time.Second)
	for _, tc := range []struct {
		name  string
		drift string // SQL applied after the first Migrate; "" for none
		want  string // in the second Migrate's error; "" for success
	}{
		{"unchanged", "", ""},
		{"migrated twice by an earlier release (no comment)", "COMMENT ON TABLE idemvet_claims IS NULL", ""},
		{"nullable extra column", "ALTER TABLE idemvet_claims ADD COLUMN note text", ""},
		{"dropped column", "ALTER TABLE idemvet_claims DROP COLUMN rejected", "column rejected is missing"},
		{"renamed column", "ALTER TABLE idemvet_claims RENAME COLUMN resource_id TO resource", "column resource_id is missing"},
		{"retyped column", "ALTER TABLE idemvet_claims ALTER COLUMN status TYPE bigint", "column status is bigint, want integer"},
		{"required extra column", "ALTER TABLE idemvet_claims ADD COLUMN owner text NOT NULL", "extra column owner"},
		{"other primary key", "ALTER TABLE idemvet_claims DROP CONSTRAINT idemvet_claims_pkey, ADD PRIMARY KEY (scope, key, operation)", "primary key"},
		{"newer version", "COMMENT ON TABLE idemvet_claims IS 'idemvet claims, schema version 2'", "schema version 2"},
		{"someone else's table", "COMMENT ON TABLE idemvet_claims IS 'orders'", "does not name an idemvet schema version"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pool := pgtest.NewPool(t)
			if err := claim.Migrate(ctx, pool); err != nil {
				t.Fatal(err)
			}
			if tc.drift != "" {
				if _, err := pool.Exec(ctx, tc.drift); err != nil {
					t.Fatal(err)
				}
			}
			err := claim.Migrate(ctx, pool)
			if tc.want == "" {
				if err != nil {
					t.Fatal(err)
				}
				var comment string
				if err := pool.QueryRow(ctx, "SELECT obj_description('idemvet_claims'::regclass, 'pg_class')").Scan(&comment); err != nil {
					t.Fatal(err)
				}
				if comment != "idemvet claims, schema version 1" {
					t.Fatalf("table comment %q, want the version", comment)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Migrate on a drifted table: %v, want an error mentioning %q", err, tc.want)
			}
		})
	}
}

// TestCallsOnADriftedTableSayWhy: without Migrate's check, a call on a
// drifted table names the table and Migrate instead of a bare 42703.
func TestCallsOnADriftedTableSayWhy(t *testing.T) {
	e := newEnv(t, claim.Options{}, 2)
	ctx := ctxTimeout(t, 30*time.Second)
	if _, err := e.pool.Exec(ctx, "ALTER TABLE idemvet_claims RENAME COLUMN fingerprint TO fp"); err != nil {
		t.Fatal(err)
	}
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	_, err := e.c.Do(ctx, k, nil, pay(k, 1))
	if err == nil || !strings.Contains(err.Error(), "run Migrate") || !strings.Contains(err.Error(), "idemvet_claims") {
		t.Fatalf("call on a drifted table: %v, want an error naming the table and Migrate", err)
	}
}

func TestSchemaAndTableOptions(t *testing.T) {
	pool := pgtest.NewPool(t, func(cfg *pgxpool.Config) { cfg.MaxConns = 2 })
	ctx := ctxTimeout(t, 30*time.Second)
	if _, err := pool.Exec(ctx, `CREATE SCHEMA billing; CREATE TABLE payments (
		id bigserial PRIMARY KEY, scope text NOT NULL, key text NOT NULL, amount int NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	c, err := claim.New(pool, claim.Options{Schema: "billing", Table: "Claims"})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, pool: pool, c: c}
	k := claim.Key{Scope: "a", Operation: "op", Key: "k"}
	for i := range 2 {
		if res, err := c.Do(ctx, k, nil, pay(k, 1)); err != nil || res.Replayed != (i == 1) {
			t.Fatalf("call %d: %+v, %v", i, res, err)
		}
	}
	if n := e.count(`SELECT count(*) FROM billing."Claims"`); n != 1 {
		t.Fatalf("%d records in billing.\"Claims\", want 1", n)
	}
	// The near miss: nothing went to the default table, which does not exist.
	if n := e.count("SELECT count(*) FROM pg_class WHERE relname = 'idemvet_claims'"); n != 0 {
		t.Fatal("the default table was created too")
	}
	if n, err := c.Sweep(ctx, 10); err != nil || n != 0 {
		t.Fatalf("sweep on the named table: %d, %v", n, err)
	}
	schema, err := claim.Schema(claim.Options{Schema: "billing", Table: "Claims"})
	if err != nil || !strings.Contains(schema, `"billing"."Claims"`) || strings.Contains(schema, "{") {
		t.Fatalf("Schema rendered %q, %v", schema, err)
	}
}
