package ssautil

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
)

// MintedBy returns the values a call of f mints (its result, or the
// buffer crypto/rand fills) and what kind of value they are; nil and
// apis.NoMint when the call mints nothing.
func MintedBy(call *ssa.Call, f *types.Func) ([]ssa.Value, apis.Mint) {
	c := &call.Call
	switch m := apis.MintOf(f); m {
	case apis.MintsUnique, apis.MintsTime:
		return []ssa.Value{call}, m
	case apis.FillsBuffer:
		if len(c.Args) == 1 {
			return bufferValues(c.Args[0]), m
		}
		return nil, apis.NoMint
	}
	if f != nil && f.Pkg() != nil && f.Pkg().Path() == "io" && (f.Name() == "ReadFull" || f.Name() == "ReadAtLeast") &&
		len(c.Args) >= 2 && isCryptoReader(c.Args[0]) {
		return bufferValues(c.Args[1]), apis.FillsBuffer
	}
	return nil, apis.NoMint
}

// isCryptoReader reports whether v is crypto/rand.Reader.
func isCryptoReader(v ssa.Value) bool {
	if l, ok := v.(*ssa.UnOp); ok {
		if g, ok := l.X.(*ssa.Global); ok {
			return g.Pkg != nil && g.Pkg.Pkg.Path() == "crypto/rand" && g.Name() == "Reader"
		}
	}
	return false
}

// bufferValues returns the slice a reader fills and the array behind it.
func bufferValues(v ssa.Value) []ssa.Value {
	vals := []ssa.Value{v}
	if s, ok := v.(*ssa.Slice); ok {
		vals = append(vals, s.X)
	}
	return vals
}
