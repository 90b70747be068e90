package funcnames

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

func TestMatches(t *testing.T) {
	const src = `package store
type Store struct{}
func (s *Store) HasKey(string) bool { return false }
func Reserve(string) error { return nil }
type Other struct{}
func (Other) HasKey(string) bool { return false }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "store.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("example.com/store", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	method := func(typ, name string) *types.Func {
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(pkg.Scope().Lookup(typ).Type()), false, pkg, name)
		return obj.(*types.Func)
	}
	hasKey, otherHasKey := method("Store", "HasKey"), method("Other", "HasKey")
	reserve := pkg.Scope().Lookup("Reserve").(*types.Func)

	if got := Qualified(hasKey); got != "example.com/store.Store.HasKey" {
		t.Errorf("Qualified = %q", got)
	}
	for _, tc := range []struct {
		list string
		fn   *types.Func
		want bool
	}{
		{"example.com/store.Store.HasKey", hasKey, true},
		{"Store.HasKey", hasKey, true},
		{" HasKey ,Other", hasKey, true},
		{"Store.HasKey", otherHasKey, false}, // same method name, other type
		{"tore.HasKey", hasKey, false},       // a suffix must start at a dot
		{"Reserve", reserve, true},
		{"store.Reserve", reserve, true},
		{"", reserve, false},
	} {
		var l List
		if err := l.Set(tc.list); err != nil {
			t.Fatal(err)
		}
		if got := l.Matches(tc.fn); got != tc.want {
			t.Errorf("List(%q).Matches(%s) = %v, want %v", tc.list, Qualified(tc.fn), got, tc.want)
		}
	}
}

func TestNormalize(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"HasKey", "HasKey"},
		{"Store.HasKey", "Store.HasKey"},
		{"(*Store).HasKey", "Store.HasKey"},
		{"(Store).HasKey", "Store.HasKey"},
		{"*Store.HasKey", "Store.HasKey"},
		{"store.(*Store).HasKey", "store.Store.HasKey"},
		{"example.com/store.(*Store).HasKey", "example.com/store.Store.HasKey"},
		{"example.com/my-store.Store.HasKey", "example.com/my-store.Store.HasKey"},
		{"gopkg.in/yaml.v3.Unmarshal", "gopkg.in/yaml.v3.Unmarshal"},
	} {
		got, err := Normalize(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("Normalize(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
	}
	// Near misses: each is one typo away from a good name above.
	for _, bad := range []string{"", "Store..HasKey", "Store.HasKey.", "Store HasKey", "(*Store.HasKey", "Store.Has-Key", "example.com/store", "example.com//store.Put", "store.Store.HasKey()"} {
		if got, err := Normalize(bad); err == nil {
			t.Errorf("Normalize(%q) = %q, want an error", bad, got)
		}
	}
}

// TestNormalizedNamesMatch checks that the method forms users write reach
// the function Matches finds.
func TestNormalizedNamesMatch(t *testing.T) {
	const src = `package store
type Store struct{}
func (s *Store) HasKey(string) bool { return false }
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "store.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := (&types.Config{Importer: importer.Default()}).Check("example.com/store", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(pkg.Scope().Lookup("Store").Type()), false, pkg, "HasKey")
	hasKey := obj.(*types.Func)
	for _, written := range []string{"(*Store).HasKey", "*Store.HasKey", "example.com/store.(*Store).HasKey"} {
		n, err := Normalize(written)
		if err != nil {
			t.Fatal(err)
		}
		var l List
		l.Set(n)
		if !l.Matches(hasKey) {
			t.Errorf("%q (normalized %q) does not match (*Store).HasKey", written, n)
		}
	}
	var other List
	other.Set("(*Store).Has")
	if other.Matches(hasKey) {
		t.Error("an unnormalized near miss matched")
	}
}
