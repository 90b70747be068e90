package checkthenact

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A test of whether a field is set at all (u.PasswordHash == "") that
// lets the act through where it is set is a precondition, not a state:
//
//	if u.PasswordHash == "" { return errNoPassword }
//	if stale { repo.SetPasswordHash(ctx, u.ID, rehash(pw)) }
//	return repo.CreateSession(ctx, u.ID)
//
// The write stores another value there, so the field stays set and every
// later caller passes the test as it should: nothing moved that a twin
// could race past. A write of the zero value (clearing a reset token
// once it is mailed) does move it, and the gate stands.

// keepsPresence reports whether the gate tests its field against the
// zero value, region is the arm where the field is set, and the write
// stores no zero value: neither as a constant argument nor into the
// field of the record the gate read.
func keepsPresence(g gate, region []*ssa.BasicBlock, write *dataaccess.Op) bool {
	if g.ifi == nil || len(region) == 0 || g.field == "" {
		return false
	}
	setArm, ok := presenceArm(g.ifi)
	if !ok || region[0] != g.ifi.Block().Succs[setArm] {
		return false
	}
	if call := write.Call(); call != nil {
		for _, a := range call.Args {
			if k, ok := a.(*ssa.Const); ok && isZeroConst(k) && !k.IsNil() {
				return false
			}
		}
	}
	return !storesZeroInto(g.records, g.field)
}

// presenceArm returns the successor of ifi taken when the value it
// compares with a zero constant is set: if v == "" { ... } else { here }.
func presenceArm(ifi *ssa.If) (int, bool) {
	cond, negated := ifi.Cond, false
	if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
		cond, negated = not.X, true
	}
	cmp, ok := cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
		return 0, false
	}
	k, ok := cmp.Y.(*ssa.Const)
	if !ok {
		k, ok = cmp.X.(*ssa.Const)
	}
	if !ok || !isZeroConst(k) || k.IsNil() {
		return 0, false
	}
	set := 1 // v == zero: set on the false arm
	if cmp.Op == token.NEQ {
		set = 0
	}
	if negated {
		set = 1 - set
	}
	return set, true
}

// storesZeroInto reports whether the code stores a zero constant into
// the field of the records.
func storesZeroInto(records []ssa.Value, field string) bool {
	return slices.ContainsFunc(fieldStores(records, field), func(st *ssa.Store) bool {
		k, ok := st.Val.(*ssa.Const)
		return ok && isZeroConst(k)
	})
}
