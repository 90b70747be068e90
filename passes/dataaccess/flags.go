package dataaccess

import (
	"go/types"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/funcnames"
)

// nameList is a flag value: function names that count as one kind of
// operation.
type nameList struct {
	kind apis.Kind
	funcnames.List
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
		if !l.Empty() {
			return true
		}
	}
	return false
}

// kind returns the kind a flag assigns to f, or None.
func (ls extraNameLists) kind(f *types.Func) apis.Kind {
	for _, l := range ls {
		if l.Matches(f) {
			return l.kind
		}
	}
	return apis.None
}
