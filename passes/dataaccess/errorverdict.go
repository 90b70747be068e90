package dataaccess

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// onlyPassesFailures reports whether fn returns errors and every non-nil
// one is a failure it was handed: an error another call returned, or one
// wrapped around such an error (fmt.Errorf("count: %w", err)). Such a
// helper's error says that a step failed, never what it found: a count
// that only warns at a quota is no verdict on presence.
func onlyPassesFailures(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	if res.Len() == 0 || !ssautil.IsError(res.At(res.Len()-1).Type()) {
		return false
	}
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		for _, r := range ret.Results {
			if ssautil.IsError(r.Type()) && !isNilConst(r) && !passedFailure(r, map[ssa.Value]bool{}) {
				return false
			}
		}
	}
	return true
}

// passedFailure reports whether v is an error another call returned, or
// a wrapping of one; a sentinel, errors.New("...") or a merge that may
// carry either is not.
func passedFailure(v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true // a loop's merge adds nothing new
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Extract:
		return true
	case *ssa.MakeInterface:
		return passedFailure(v.X, seen)
	case *ssa.ChangeInterface:
		return passedFailure(v.X, seen)
	case *ssa.Phi:
		for _, e := range v.Edges {
			if !isNilConst(e) && !passedFailure(e, seen) {
				return false
			}
		}
		return true
	case *ssa.Call:
		if v.Call.IsInvoke() || v.Call.Signature().Recv() != nil {
			return true // row.Scan(&n), tx.Commit(): the library's failure
		}
		for _, a := range v.Call.Args {
			if slices.ContainsFunc(variadicElems(a), func(e ssa.Value) bool { return ssautil.IsError(e.Type()) && passedFailure(e, seen) }) {
				return true // fmt.Errorf("...: %w", err)
			}
			if ssautil.IsError(a.Type()) && passedFailure(a, seen) {
				return true // fmt.Errorf("...: %w", err)
			}
		}
	}
	return false
}
