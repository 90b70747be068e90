// Package funcnames is the flag value for the lists of names users give
// idemvet on the command line and in golangci-lint settings (-exists,
// -retry, -keyheaders, ...), and the way a function is matched by them.
package funcnames

import (
	"go/types"
	"strings"
)

// List is a flag.Value holding comma-separated names.
type List struct{ names []string }

func (l *List) String() string { return strings.Join(l.names, ",") }

// Set replaces the list with the comma-separated names in s.
func (l *List) Set(s string) error {
	l.names = l.names[:0]
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			l.names = append(l.names, n)
		}
	}
	return nil
}

// Names returns the listed names.
func (l *List) Names() []string { return l.names }

// Empty reports whether no name is listed.
func (l *List) Empty() bool { return len(l.names) == 0 }

// Matches reports whether f is listed: by its qualified name
// (example.com/store.Store.HasKey, pointer receivers without '*') or by a
// suffix of it that starts after a dot or a slash (Store.HasKey, HasKey,
// store.Store.HasKey).
func (l *List) Matches(f *types.Func) bool {
	if l.Empty() {
		return false
	}
	q := Qualified(f)
	for _, n := range l.names {
		if q == n || strings.HasSuffix(q, "."+n) || strings.HasSuffix(q, "/"+n) {
			return true
		}
	}
	return false
}

// Qualified spells f as pkgpath.Recv.Name or pkgpath.Name.
func Qualified(f *types.Func) string {
	if sig, ok := f.Type().(*types.Signature); ok && sig.Recv() != nil {
		t := sig.Recv().Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil {
			return n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + f.Name()
		}
	}
	return f.Pkg().Path() + "." + f.Name()
}
