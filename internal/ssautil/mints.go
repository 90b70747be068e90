package ssautil

import (
	"go/token"
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

// ReadsClock reports whether v is a reading of the wall clock:
// time.Now(), a time.Time method of one (time.Now().UTC()), a conversion
// of one (datatype.DateTime(time.Now())), or a variable that only ever
// holds one (now := time.Now(); u.UpdatedAt = &now).
func ReadsClock(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Convert:
		return ReadsClock(x.X)
	case *ssa.ChangeType:
		return ReadsClock(x.X)
	case *ssa.UnOp:
		return x.Op == token.MUL && ReadsClock(x.X)
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil {
			return false
		}
		f, ok := callee.Object().(*types.Func)
		if !ok {
			return false
		}
		if apis.MintOf(f) == apis.MintsTime {
			return true
		}
		recv := f.Type().(*types.Signature).Recv()
		return recv != nil && f.Pkg() != nil && f.Pkg().Path() == "time" && len(x.Call.Args) > 0 && ReadsClock(x.Call.Args[0])
	case *ssa.Alloc:
		stored := false
		for _, ref := range *x.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == x {
				if !ReadsClock(st.Val) {
					return false
				}
				stored = true
			}
		}
		return stored
	}
	return false
}
