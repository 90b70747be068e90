package dataaccess

import (
	"go/types"
	"strings"

	"github.com/idemvet/idemvet/internal/apis"
)

// nameList is a flag value: comma-separated function names that count as
// one kind of operation. A name matches a function's qualified name
// (example.com/store.Store.HasKey, pointer receivers written without '*')
// or any dot-separated suffix of it (Store.HasKey, HasKey).
type nameList struct {
	kind  apis.Kind
	names []string
}

func (l *nameList) String() string { return strings.Join(l.names, ",") }

func (l *nameList) Set(s string) error {
	l.names = l.names[:0]
	for _, n := range strings.Split(s, ",") {
		if n = strings.TrimSpace(n); n != "" {
			l.names = append(l.names, n)
		}
	}
	return nil
}

func (l *nameList) matches(qualified string) bool {
	for _, n := range l.names {
		if qualified == n || strings.HasSuffix(qualified, "."+n) {
			return true
		}
	}
	return false
}

// extraNameLists holds the -exists, -insert and -claim flags.
type extraNameLists []*nameList

var extraNames = extraNameLists{
	{kind: apis.Exists}, {kind: apis.Insert}, {kind: apis.Claim},
}

func init() {
	Analyzer.Flags.Var(extraNames[0], "exists", "comma-separated functions that check whether a key or row exists")
	Analyzer.Flags.Var(extraNames[1], "insert", "comma-separated functions that insert a key or row unconditionally")
	Analyzer.Flags.Var(extraNames[2], "claim", "comma-separated functions that atomically claim an idempotency key")
}

func (ls extraNameLists) any() bool {
	for _, l := range ls {
		if len(l.names) > 0 {
			return true
		}
	}
	return false
}

// kind returns the kind a flag assigns to f, or None.
func (ls extraNameLists) kind(f *types.Func) apis.Kind {
	if !ls.any() {
		return apis.None
	}
	q := qualifiedName(f)
	for _, l := range ls {
		if l.matches(q) {
			return l.kind
		}
	}
	return apis.None
}

// qualifiedName spells f as pkgpath.Recv.Name or pkgpath.Name.
func qualifiedName(f *types.Func) string {
	recvPkg, recv := recvTypeName(f)
	if recv != "" {
		return recvPkg + "." + recv + "." + f.Name()
	}
	return f.Pkg().Path() + "." + f.Name()
}
