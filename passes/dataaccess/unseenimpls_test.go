package dataaccess

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/idemvet/idemvet/internal/apis"
)

func TestDeclaredMethod(t *testing.T) {
	for line, want := range map[string]string{
		"func (s *Store) Record(ctx context.Context) error {\n": "Store.Record",
		"func (Store) Keep(ctx context.Context) error {\n":      "Store.Keep",
		"func (s *Set[T]) Add(k T) {\n":                         "Set.Add",
		"func helper(ctx context.Context) error {\n":            ".",
		"\tfunc (s *Store) Nested() {\n":                        ".",
		"var f = func(x int) {}\n":                              ".",
	} {
		if recv, name := declaredMethod([]byte(line)); recv+"."+name != want {
			t.Errorf("declaredMethod(%q) = %q, %q; want %s", line, recv, name, want)
		}
	}
}

const trackingStore = `package pgstore

func applyPing(ctx context.Context, tx pgx.Tx, p Ping) error {
	if _, err := tx.Exec(ctx, "INSERT INTO pings (shipment_id, km) VALUES ($1, $2)", p.ShipmentID, p.Km); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, ` + "`UPDATE shipments SET distance_km = distance_km + $2 WHERE id = $1`" + `, p.ShipmentID, p.Km)
	return err
}

func (s Tracking) Apply(ctx context.Context, p Ping) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error { return applyPing(ctx, tx, p) })
}

func (s Tracking) ApplyOnce(ctx context.Context, consumer string, p Ping) (bool, error) {
	tag, err := s.Pool.Exec(ctx, "INSERT INTO processed (consumer, id) VALUES ($1, $2) ON CONFLICT DO NOTHING", consumer, p.ID)
	if err != nil || tag.RowsAffected() == 0 {
		return false, err
	}
	return true, applyPing(ctx, s.Pool, p)
}

func (s Tracking) Record(ctx context.Context, id int64) error {
	_, err := s.Pool.Exec(ctx, "INSERT INTO seen (id) VALUES ($1) ON CONFLICT (id) DO NOTHING", id)
	return err
}

func (s Tracking) Rename(ctx context.Context, id int64, name string) error {
	_, err := s.Pool.Exec(ctx, "UPDATE shipments SET name = $2 WHERE id = $1", id, name)
	return err
}

func (s Tracking) Enlist(ctx context.Context, email string) error {
	_, err := s.Pool.Exec(ctx, "INSERT INTO drivers (email) VALUES ($1)", email)
	return err
}

func (s Tracking) Forget(ctx context.Context, id int64) error {
	if err := s.Cache.Del(ctx, id); err != nil {
		return fmt.Errorf("insert zone: %w", err)
	}
	return nil
}

func (s Tracking) SetTrips(ctx context.Context, id int64, n int) error {
	_, err := s.Pool.Exec(ctx, "INSERT INTO stats (driver_id, trips) VALUES ($1, $2) ON CONFLICT (driver_id) DO UPDATE SET trips = EXCLUDED.trips", id, n)
	return err
}

func (s Tracking) EnlistAudited(ctx context.Context, email string) error {
	if _, err := s.Pool.Exec(ctx, "INSERT INTO drivers (email) VALUES ($1)", email); err != nil {
		return err
	}
	_, err := s.Pool.Exec(ctx, "INSERT INTO audit (line) VALUES ($1)", email)
	return err
}
`

// TestDecisiveWrite: what an implementation read as text comes to, with
// the helpers of its file it calls.
func TestDecisiveWrite(t *testing.T) {
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "pgstore"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "pgstore", "tracking.go"), []byte(trackingStore), 0o644); err != nil {
		t.Fatal(err)
	}
	index := readMethodIndex(root)
	decide := func(name string) string {
		decls := index.declarations(root, name)
		if len(decls) != 1 {
			t.Fatalf("%s: %d declarations, want 1", name, len(decls))
		}
		st := index.decisiveWrite(decls[0])
		switch {
		case st == nil:
			return "none"
		case keepsFirstRow(*st):
			return "keeps first"
		case st.Relative:
			return "relative " + st.Table
		case writeKind(*st) == apis.Insert:
			return "insert " + st.Table
		}
		return "other"
	}
	for name, want := range map[string]string{
		"Apply":         "relative shipments", // through applyPing
		"ApplyOnce":     "none",               // claims the message first
		"Record":        "keeps first",
		"Rename":        "none", // an absolute update
		"Enlist":        "insert drivers",
		"EnlistAudited": "none", // two inserts: which one decides is not told
		"Forget":        "none", // an error message that says "insert"
		"SetTrips":      "none", // an upsert: neither a plain insert nor a first row kept
	} {
		if got := decide(name); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
}

// TestNoDriverNoWalk: a module whose go.mod requires no SQL driver is
// not read for implementations; with one, the same file is.
func TestNoDriverNoWalk(t *testing.T) {
	for gomod, want := range map[string]int{
		"module example.com/sdk\n": 0,
		"module example.com/fleet\n\nrequire github.com/jackc/pgx/v5 v5.7.1\n": 1,
	} {
		root := t.TempDir()
		if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte(gomod), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, "tracking.go"), []byte(trackingStore), 0o644); err != nil {
			t.Fatal(err)
		}
		index := readMethodIndex(root)
		if got := len(index.declarations(root, "Record")); got != want {
			t.Errorf("go.mod %q: %d declarations of Record, want %d", gomod, got, want)
		}
	}
}
