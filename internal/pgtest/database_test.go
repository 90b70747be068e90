package pgtest

import (
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestNewDBGivesEachTestItsOwnDatabase(t *testing.T) {
	ctx := context.Background()
	a, b := NewPool(t), NewPool(t)
	if _, err := a.Exec(ctx, "CREATE TABLE only_in_a (id int)"); err != nil {
		t.Fatal(err)
	}
	var inA, inB bool
	const probe = "SELECT to_regclass('only_in_a') IS NOT NULL"
	if err := a.QueryRow(ctx, probe).Scan(&inA); err != nil {
		t.Fatal(err)
	}
	if err := b.QueryRow(ctx, probe).Scan(&inB); err != nil {
		t.Fatal(err)
	}
	if !inA || inB {
		t.Fatalf("table visible in a=%v, in b=%v; want only in a", inA, inB)
	}
	var nameA, nameB string
	a.QueryRow(ctx, "SELECT current_database()").Scan(&nameA)
	b.QueryRow(ctx, "SELECT current_database()").Scan(&nameB)
	if nameA == nameB || !strings.HasPrefix(nameA, "pgtest_") {
		t.Fatalf("database names %q and %q: want distinct pgtest_ names", nameA, nameB)
	}
}

func TestNewDBIsDroppedByCleanup(t *testing.T) {
	var name string
	t.Run("owner", func(t *testing.T) {
		conn, err := pgx.Connect(context.Background(), NewDB(t))
		if err != nil {
			t.Fatal(err)
		}
		// Left open on purpose: the drop must not be blocked by it.
		if err := conn.QueryRow(context.Background(), "SELECT current_database()").Scan(&name); err != nil {
			t.Fatal(err)
		}
	})
	if name == "" {
		t.Fatal("subtest did not report its database")
	}
	if databaseExists(t, name) {
		t.Fatalf("database %s still exists after its test's cleanup", name)
	}
	// Near miss: a database whose test has not finished yet does exist.
	conn, err := pgx.Connect(context.Background(), NewDB(t))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var live string
	conn.QueryRow(context.Background(), "SELECT current_database()").Scan(&live)
	if !databaseExists(t, live) {
		t.Fatalf("database %s of a running test does not exist", live)
	}
}

func databaseExists(t *testing.T, name string) bool {
	t.Helper()
	server, err := ServerDSN()
	if err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(context.Background(), server)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	var exists bool
	if err := conn.QueryRow(context.Background(),
		"SELECT EXISTS (SELECT FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		t.Fatal(err)
	}
	return exists
}

func TestDatabaseNameIsLegalAndUnique(t *testing.T) {
	long := "TestSomething/with spaces/and-ÜNICODE/" + strings.Repeat("x", 200)
	a, err := databaseName(long)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := databaseName(long)
	if a == b {
		t.Fatalf("two names for the same label are equal: %s", a)
	}
	if len(a) > 63 {
		t.Fatalf("name %q is %d bytes, over PostgreSQL's 63", a, len(a))
	}
	for _, r := range a {
		if !(r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			t.Fatalf("name %q contains %q", a, r)
		}
	}
}

func TestWithDatabase(t *testing.T) {
	for _, tc := range []struct{ server, want string }{
		{"postgres://u:p@h:5432/postgres?sslmode=disable", "postgres://u:p@h:5432/db1?sslmode=disable"},
		{"postgresql://h/", "postgresql://h/db1"},
		{"host=h user=u dbname=postgres", "host=h user=u dbname=postgres dbname=db1"},
	} {
		got, err := withDatabase(tc.server, "db1")
		if err != nil || got != tc.want {
			t.Errorf("withDatabase(%q) = %q, %v; want %q", tc.server, got, err, tc.want)
		}
	}
	// The keyword=value result must really select db1.
	cfg, err := pgx.ParseConfig("host=h user=u dbname=postgres dbname=db1")
	if err != nil || cfg.Database != "db1" {
		t.Fatalf("later dbname does not win: %v, %v", cfg, err)
	}
}
