package dataaccess

import "testing"

func TestTestsSentinel(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		tests      bool
	}{
		{"errors.Is", `if errors.Is(err, store.ErrDup) { return nil }`, true},
		{"equal", `if err == store.ErrDup { return nil }`, true},
		{"sentinel first", `if store.ErrDup != err { return err }`, true},
		{"case", `switch err { case store.ErrDup: return nil }`, true},
		{"case list", `switch { case errors.Is(err, io.EOF), errors.Is(err, store.ErrDup): return nil }`, true},
		{"case list of values", `switch err { case io.EOF, store.ErrDup: return nil }`, true},
		// Near misses: the sentinel named, but not tested.
		{"returned", `return nil, store.ErrDup`, false},
		{"wrapped", `return fmt.Errorf("create: %w", store.ErrDup)`, false},
		{"passed on", `log(err, store.ErrDup)`, false},
		{"another package's", `if errors.Is(err, other.ErrDup) { return nil }`, false},
		{"another sentinel", `if errors.Is(err, store.ErrDupKey) { return nil }`, false},
		{"a case body", `switch err { case io.EOF: return store.ErrDup }`, false},
	} {
		src := "package api\nfunc f(err error) error {\n" + tc.body + "\nreturn nil\n}\n"
		if got := testsSentinel("api.go", []byte(src), "store", "ErrDup"); got != tc.tests {
			t.Errorf("%s: testsSentinel = %v, want %v", tc.name, got, tc.tests)
		}
	}
}

// The sentinel's own package spells it bare.
func TestTestsSentinelBare(t *testing.T) {
	for _, tc := range []struct {
		name, body string
		tests      bool
	}{
		{"errors.Is", `return errors.Is(err, ErrDup)`, true},
		{"equal", `return err == ErrDup`, true},
		{"case", `switch err { case ErrDup: return true }; return false`, true},
		// Near misses: passed on, or another package's of the same name.
		{"passed on", `log(ErrDup); return false`, false},
		{"qualified", `return errors.Is(err, other.ErrDup)`, false},
	} {
		src := "package store\nfunc f(err error) bool {\n" + tc.body + "\n}\n"
		if got := testsSentinel("store.go", []byte(src), "", "ErrDup"); got != tc.tests {
			t.Errorf("%s: testsSentinel bare = %v, want %v", tc.name, got, tc.tests)
		}
	}
}
