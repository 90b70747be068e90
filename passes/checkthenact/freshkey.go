package checkthenact

import (
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// freshKey reports whether the check looks up a value this call minted: a
// random code, a new UUID, bytes from crypto/rand, made in the function or
// by a helper that returns one. Two callers never check the same such key,
// so the check only guards against a collision of random values (the loop
// that draws invite codes until one is free), and neither caller can
// insert the row the other checked. The clock is no such value: callers
// that run at once read the same time.
func freshKey(check *dataaccess.Op) bool {
	for _, in := range check.Inputs() {
		if minted(in, map[ssa.Value]bool{}) && !storedOnlyAfter(in, check) {
			return true
		}
	}
	return false
}

// keyOfNewRow reports whether the check looks rows up by a field of a
// record that a plain insert of its function stored before it: the
// permissions of the server this request just created, by its
// identifier. A twin request inserts a row of its own, keyed its own way.
func keyOfNewRow(check *dataaccess.Op, fnOps []*dataaccess.Op) bool {
	for _, in := range check.Inputs() {
		p := dataaccess.RootPath(in)
		if !p.Valid() || p.Fields == "" {
			continue // not a field of a record
		}
		rec := p.Base
		for _, w := range fnOps {
			if w.Kind != apis.Insert || w.Call() == nil || !ssautil.Reachable(w.Instr, check.Instr) || ssautil.Reachable(check.Instr, w.Instr) {
				continue
			}
			if stored := insertedRecord(w); stored != nil && stored == rec {
				return true
			}
		}
	}
	return false
}

// insertedRecord returns the record an insert stores as its new row: the
// one a helper writes back (its summary's SavesParam), or the argument
// whose model names the insert's one table; nil when unknown. A record
// merely handed to a helper that inserts something else is not.
func insertedRecord(w *dataaccess.Op) ssa.Value {
	call := w.Call()
	if w.Summary != nil && w.Summary.SavesParam >= 0 {
		return dataaccess.RootPath(dataaccess.Arg(call, w.Summary.SavesParam)).Base
	}
	for i := 0; dataaccess.Arg(call, i) != nil; i++ { // the receiver, a service, is no row
		v := dataaccess.Unwrap(dataaccess.Arg(call, i))
		if n := ssautil.NamedOf(v.Type()); n != nil && w.Resource.Table != "" && dataaccess.TableOfModel(n) == w.Resource.Table {
			return v
		}
	}
	return nil
}

// storedOnlyAfter reports whether v reaches the check only as a value
// stored into a record after it: the row the absent branch builds in the
// variable the read filled (pr = Principal{ID: fixed, Username:
// "static-" + random}), which is no condition of the read.
func storedOnlyAfter(v ssa.Value, check *dataaccess.Op) bool {
	stored := false
	for _, ref := range *v.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Val != v {
			if call := check.Call(); call != nil && slices.Contains(call.Args, v) {
				return false
			}
			continue
		}
		at, ok := locate(check.Instr, st.Parent())
		if !ok || ssautil.Reachable(st, at) {
			return false
		}
		stored = true
	}
	return stored
}

// minted reports whether v is, or is computed from, a unique value minted
// in its function: a mint's result, a buffer filled with random bytes or
// random characters, a conversion, concatenation or encoding of one, or
// the result of a helper that returns one.
//
// seen memoises the answers; a value still being looked at counts as not
// minted, which ends a cycle through a loop's phi or a recursive helper,
// and so does any value once 256 have been looked at.
func minted(v ssa.Value, seen map[ssa.Value]bool) bool {
	if v == nil {
		return false
	}
	if known, ok := seen[v]; ok || len(seen) > 256 {
		return known
	}
	seen[v] = false
	seen[v] = mintedUncached(v, seen)
	return seen[v]
}

func mintedUncached(v ssa.Value, seen map[ssa.Value]bool) bool {
	switch v := v.(type) {
	case *ssa.Call:
		return mintingCall(v, seen)
	case *ssa.Extract:
		return minted(v.Tuple, seen)
	case *ssa.Convert:
		return minted(v.X, seen)
	case *ssa.ChangeType:
		return minted(v.X, seen)
	case *ssa.MakeInterface:
		return minted(v.X, seen)
	case *ssa.Slice:
		return minted(v.X, seen)
	case *ssa.BinOp:
		return minted(v.X, seen) || minted(v.Y, seen) // prefix + code
	case *ssa.Index:
		return minted(v.Index, seen) // alphabet[rand.Intn(len(alphabet))]
	case *ssa.UnOp:
		if alloc, isVar := v.X.(*ssa.Alloc); isVar && v.Op == token.MUL {
			return storedMinted(alloc, seen)
		}
		if fa, isField := v.X.(*ssa.FieldAddr); isField && v.Op == token.MUL {
			return fieldStoredMinted(fa, seen)
		}
		return minted(v.X, seen)
	case *ssa.IndexAddr:
		return minted(v.Index, seen) // letters[rand.Intn(len(letters))] of a slice
	case *ssa.Alloc, *ssa.MakeSlice:
		return filledWithMinted(v, seen)
	case *ssa.Phi:
		// code := draw(); for taken(code) { code = draw() }: every value
		// the variable can hold is minted.
		for _, e := range v.Edges {
			if e != v && !minted(e, seen) {
				return false
			}
		}
		return len(v.Edges) > 0
	}
	return false
}

// mintingCall reports whether a call returns a minted value: a mint
// itself, a call computing from a minted argument or receiver
// (hex.EncodeToString(b), id.String(), fmt.Sprintf("inv-%s", code)), a
// helper of this package whose every non-zero result is minted, or a
// helper of another package named for randomness (RandomString(8)),
// whose body the analysis does not see.
func mintingCall(call *ssa.Call, seen map[ssa.Value]bool) bool {
	if _, builtin := call.Call.Value.(*ssa.Builtin); builtin {
		return false // len(code) is no key
	}
	f := dataaccess.Callee(&call.Call)
	if _, m := ssautil.MintedBy(call, f); m == apis.MintsUnique {
		return true
	}
	if slices.ContainsFunc(call.Call.Args, func(a ssa.Value) bool { return minted(a, seen) }) {
		return true
	}
	fn := call.Call.StaticCallee()
	if fn == nil {
		return false
	}
	if fn.Blocks != nil && fn.Pkg == call.Parent().Pkg {
		return returnsMinted(fn, seen)
	}
	return fn.Blocks == nil && namedForRandom(fn.Name()) && returnsKeyLike(fn.Signature)
}

// returnsMinted reports whether every return of fn that yields a
// non-constant first result yields a minted one, and one does.
func returnsMinted(fn *ssa.Function, seen map[ssa.Value]bool) bool {
	found := false
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) == 0 {
			continue
		}
		if _, zero := ret.Results[0].(*ssa.Const); zero {
			continue // return "", err
		}
		if !minted(ret.Results[0], seen) {
			return false
		}
		found = true
	}
	return found
}

// storedMinted reports whether the variable at addr only ever holds
// minted values.
func storedMinted(alloc *ssa.Alloc, seen map[ssa.Value]bool) bool {
	if filledWithMinted(alloc, seen) {
		return true
	}
	stores := 0
	for _, ref := range *alloc.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == alloc {
			if !minted(st.Val, seen) {
				return false
			}
			stores++
		}
	}
	return stores > 0
}

// filledWithMinted reports whether a buffer is filled with random data:
// crypto/rand.Read(b), b[i] = alphabet[rand.Intn(n)], or a builder's
// sb.WriteByte(alphabet[rand.Intn(n)]).
func filledWithMinted(buf ssa.Value, seen map[ssa.Value]bool) bool {
	views := []ssa.Value{buf}
	for _, ref := range *buf.Referrers() {
		if s, ok := ref.(*ssa.Slice); ok {
			views = append(views, s)
		}
	}
	for _, view := range views {
		for _, ref := range *view.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Call:
				if vals, m := ssautil.MintedBy(ref, dataaccess.Callee(&ref.Call)); m == apis.FillsBuffer && slices.Contains(vals, buf) {
					return true
				}
				args := ref.Call.Args
				if len(args) > 1 && args[0] == view && slices.ContainsFunc(args[1:], func(a ssa.Value) bool { return minted(a, seen) }) {
					return true // a method of the buffer given random characters
				}
			case *ssa.IndexAddr:
				for _, r := range *ref.Referrers() {
					if st, ok := r.(*ssa.Store); ok && st.Addr == ref && minted(st.Val, seen) {
						return true
					}
				}
			}
		}
	}
	return false
}

// namedForRandom reports whether a function's name has the word Rand,
// Random, UUID or GUID in it (RandomString, GenerateRandomCode, randStr,
// GetUUID), split at the case changes of its camel case.
func namedForRandom(name string) bool {
	start := 0
	for i := 1; i <= len(name); i++ {
		if i < len(name) && !(unicode.IsUpper(rune(name[i])) && unicode.IsLower(rune(name[i-1]))) {
			continue
		}
		switch strings.ToLower(name[start:i]) {
		case "rand", "random", "uuid", "guid":
			return true
		}
		start = i
	}
	return false
}

// returnsKeyLike reports whether a signature's first result can be a key:
// a string, a byte slice or an integer.
func returnsKeyLike(sig *types.Signature) bool {
	if sig.Results().Len() == 0 {
		return false
	}
	switch t := sig.Results().At(0).Type().Underlying().(type) {
	case *types.Basic:
		return t.Info()&(types.IsString|types.IsInteger) != 0
	case *types.Slice:
		b, ok := t.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	}
	return false
}
