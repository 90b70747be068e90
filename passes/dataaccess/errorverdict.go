package dataaccess

import (
	"go/types"
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
	return len(ownErrors(fn)) == 0
}

// ownErrors returns the errors fn returns that it makes itself: neither
// nil nor a failure a call handed it (see passedFailure).
func ownErrors(fn *ssa.Function) []ssa.Value {
	var out []ssa.Value
	for _, ret := range ssautil.Returns(fn) {
		for _, r := range ret.Results {
			if ssautil.IsError(r.Type()) && !isNilConst(r) && !passedFailure(r, map[ssa.Value]bool{}) {
				out = append(out, r)
			}
		}
	}
	return out
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
			if slices.ContainsFunc(variadicElems(a), func(e ssa.Value) bool { e = boxedError(e); return ssautil.IsError(e.Type()) && passedFailure(e, seen) }) {
				return true // fmt.Errorf("...: %w", err)
			}
			if ssautil.IsError(a.Type()) && passedFailure(a, seen) {
				return true // fmt.Errorf("...: %w", err)
			}
		}
	}
	return false
}

// boxedError returns the error a variadic argument boxes into an any
// (fmt.Errorf("...: %w", err)), or the argument.
func boxedError(e ssa.Value) ssa.Value {
	switch b := e.(type) {
	case *ssa.ChangeInterface:
		if ssautil.IsError(b.X.Type()) {
			return b.X
		}
	case *ssa.MakeInterface:
		if ssautil.IsError(b.X.Type()) {
			return b.X
		}
	}
	return e
}

// errsOnlyForAbsence reports whether every error fn makes of its own (not
// one a call handed it) says "not found": a sentinel named for it, or a
// wrapping of one (stacktrace.Propagate(ErrNotFound, ""), fmt.Errorf("%w",
// ErrNoRows)). Such a check errs when the row is missing, so its nil is
// "present": the opposite of a validator's ErrUserExists.
func errsOnlyForAbsence(fn *ssa.Function) bool {
	own := ownErrors(fn)
	return len(own) > 0 && !slices.ContainsFunc(own, func(e ssa.Value) bool { return !saysNotFound(e, 0) })
}

// saysNotFound reports whether an error value is a not-found sentinel or
// a wrapping of one.
func saysNotFound(v ssa.Value, depth int) bool {
	if depth > 3 {
		return false
	}
	v = Unwrap(v)
	if IsNotFoundSentinel(v) {
		return true
	}
	// A value of an error type named for absence (&ent.NotFoundError{}).
	if n := ssautil.NamedOf(v.Type()); n != nil && !types.IsInterface(n) && namesNotFound(n.Obj().Name()) {
		return true
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	for _, a := range call.Call.Args {
		if slices.ContainsFunc(variadicElems(a), func(e ssa.Value) bool { return saysNotFound(e, depth+1) }) {
			return true
		}
		if ssautil.IsError(a.Type()) && saysNotFound(a, depth+1) {
			return true
		}
	}
	return false
}
