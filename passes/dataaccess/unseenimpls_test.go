package dataaccess

import (
	"testing"

	"github.com/idemvet/idemvet/internal/sqlclass"
)

func TestMethodDecls(t *testing.T) {
	src := `package store

func helper(a, b int) error { return nil }

func (s *Store[T]) Record(ctx context.Context, id, amount int64, ref string) (created bool, err error) {
	q := "INSERT INTO t (id) VALUES ($1) " +
		"ON CONFLICT (id) DO NOTHING"
	if x := (struct{ a int }{1}); x.a > 0 {
		_, _ = s.db.Exec(q, id)
	}
	return true, nil
}

func (Store) Touch(v interface{}, f func(int, int) error) error {
	_, err := db.Exec(` + "`UPDATE t SET n = n + 1; DELETE FROM u`" + `)
	return err
}

func (s Store) Asm(x int)

func (s Store) None() {}
`
	got := map[string]textMethod{}
	for name, tm := range methodDecls("store.go", []byte(src)) {
		got[name] = tm
	}
	if len(got) != 3 {
		t.Fatalf("methods %v, want Record, Touch and None (Asm has no body, helper no receiver)", got)
	}
	rec := got["Record"]
	if rec.recv != "Store" || rec.params != 4 || rec.results != 2 {
		t.Errorf("Record: receiver %q, %d params, %d results; want Store, 4, 2", rec.recv, rec.params, rec.results)
	}
	if len(rec.writes) != 1 || !keepsFirstRow(rec.writes[0]) {
		t.Errorf("Record writes %+v, want one INSERT ... ON CONFLICT DO NOTHING", rec.writes)
	}
	touch := got["Touch"]
	if touch.params != 2 || touch.results != 1 || len(touch.writes) != 2 || touch.writes[0].Kind != sqlclass.Update || keepsFirstRow(touch.writes[1]) {
		t.Errorf("Touch: %d params, %d results, writes %+v; want 2, 1, an UPDATE and a DELETE", touch.params, touch.results, touch.writes)
	}
	if none := got["None"]; none.params != 0 || none.results != 0 || len(none.writes) != 0 {
		t.Errorf("None: %+v, want no params, results or writes", none)
	}
}
