package checkthenact

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"
)

// fromFallbacks follows the check's outcome through the phis it flows
// into when every other value of the phi comes in only by way of the
// check's absent branch: a second lookup tried when the first found
// nothing, its error kept in the same variable and tested after the
// join.
//
//	err = bus.Dispatch(ctx, byProvider)
//	if errors.Cause(err) == ErrNotFound && email != "" {
//		err = bus.Dispatch(ctx, byEmail)
//	}
//	if errors.Cause(err) == ErrNotFound { register(...) }
//
// The same holds for alternative lookups, one or the other run (by e-mail
// when one was given, else by name), their errors merged and tested once:
//
//	if email != "" {
//		user, err = users.GetByEmail(email)
//	} else {
//		user, err = users.Get(name)
//	}
//	if errors.Is(err, gorm.ErrRecordNotFound) { users.Create(&User{Email: email}) }
//
// On the path the check ran, the merged value is its own.
//
// The merged value says "absent" only when the check found nothing
// (directly, or because the fallback ran at all), so its absent branch
// is the check's too. Its "present" may be the fallback's find: splits
// on it are marked afterFallback and are not the check's present
// branches.
func (o *outcomes) fromFallbacks() {
	followed := map[*ssa.Phi]bool{}
	for {
		var absent []*ssa.BasicBlock
		for _, s := range o.splits() {
			absent = append(absent, s.absent)
		}
		progressed := false
		for _, mg := range o.merges {
			if followed[mg.phi] || !othersAfterAbsence(mg, absent) && !othersAlternatives(mg) {
				continue
			}
			followed[mg.phi] = true
			progressed = true
			o.afterFallback = true
			o.fromMeaning(mg.phi, mg.m, mg.depth+1)
			o.afterFallback = false
		}
		if !progressed {
			return
		}
	}
}

// othersAfterAbsence reports whether every edge of the merge's phi that
// does not carry the check's value enters from a block that runs only
// after one of the absent blocks.
func othersAfterAbsence(mg merge, absent []*ssa.BasicBlock) bool {
	if len(absent) == 0 || mg.depth > maxDepth {
		return false
	}
	others := 0
	for i, edge := range mg.phi.Edges {
		if edge == mg.v {
			continue
		}
		others++
		pred := mg.phi.Block().Preds[i]
		if !dominatedByAny(absent, pred) {
			return false
		}
	}
	return others > 0
}

// sig is the bool v deciding presence, marked when it was reached
// through a fallback's merge.
func (o *outcomes) sig(v ssa.Value, absentWhenTrue bool) boolSig {
	return boolSig{v: v, absentWhenTrue: absentWhenTrue, afterFallback: o.afterFallback}
}

// othersAlternatives reports whether every other value of the merge's phi
// is the same result of another call made on a path that excludes the
// check's: if email != "" { u, err = byEmail() } else { u, err = byName() }.
func othersAlternatives(mg merge) bool {
	own, ok := resultCall(mg.v)
	if !ok || mg.depth > maxDepth {
		return false
	}
	others := 0
	for _, edge := range mg.phi.Edges {
		if edge == mg.v {
			continue
		}
		others++
		other, ok := resultCall(edge)
		if !ok || other.index != own.index || ssautil.Reachable(own.call, other.call) || ssautil.Reachable(other.call, own.call) {
			return false
		}
	}
	return others > 0
}

// result is a call and which of its results a value is.
type result struct {
	call  *ssa.Call
	index int
}

// resultCall returns the call v is a result of: the call itself, or an
// Extract from its tuple.
func resultCall(v ssa.Value) (result, bool) {
	switch x := v.(type) {
	case *ssa.Call:
		return result{x, -1}, true
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return result{call, x.Index}, true
		}
	}
	return result{}, false
}
