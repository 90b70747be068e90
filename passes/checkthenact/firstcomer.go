package checkthenact

import (
	"fmt"
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// "The first one gets it" is a check whose verdict is data, not a branch:
//
//	n, _ := users.Count()
//	users.Create(&signup, n == 0)   // isAdmin: the first user administers
//
// Two sign-ups on a fresh instance both count zero and both become
// admins; two first orders both get the first-order discount. Nothing
// branches on the count, so the absent-branch checks see no race: the
// "none yet" verdict rides into the insert as an argument.

// firstComerRaces reports a count whose comparison with zero (or one) is
// handed, as a value, to an insert into what it counted, after it in the
// same function, with nothing serialising the two.
func firstComerRaces(pass *analysis.Pass, judge *Judge, reported map[*dataaccess.Op]bool) {
	ops := judge.model.Ops
	for _, count := range ops {
		call, ok := count.Instr.(*ssa.Call)
		if !ok || count.Kind != apis.Exists || reported[count] || judge.NoTwin(count) || judge.FreshKey(count) || dataaccess.KeyValue(count) {
			continue
		}
		if serialisesAbsence(count, ops) || judge.callers.lockedFirst(count, ops) {
			continue
		}
		for _, verdict := range noneYetVerdicts(call) {
			if insert := insertGiven(verdict, count, ops); insert != nil {
				reportFirstComer(pass, count, verdict, insert)
				reported[count] = true
				break
			}
		}
	}
}

// noneYetVerdicts returns the comparisons of what the count yields with
// zero or one (n == 0, n < 1, n > 0): whether anything was there yet.
func noneYetVerdicts(call *ssa.Call) []*ssa.BinOp {
	var out []*ssa.BinOp
	for _, n := range countValues(call) {
		for _, ref := range *n.Referrers() {
			cmp, ok := ref.(*ssa.BinOp)
			if !ok {
				continue
			}
			switch cmp.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				if other := otherOperand(cmp, n); isZeroOrOne(other) {
					out = append(out, cmp)
				}
			}
		}
	}
	return out
}

func otherOperand(cmp *ssa.BinOp, v ssa.Value) ssa.Value {
	if cmp.X == v {
		return cmp.Y
	}
	return cmp.X
}

func isZeroOrOne(v ssa.Value) bool {
	k, ok := v.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.Int {
		return false
	}
	n, exact := constant.Int64Val(k.Value)
	return exact && (n == 0 || n == 1)
}

// insertGiven returns an insert into what count counted, run after it in
// its function, that is handed the verdict or a value computed from it
// (an argument, or a field of the record it writes).
func insertGiven(verdict *ssa.BinOp, count *dataaccess.Op, ops []*dataaccess.Op) *dataaccess.Op {
	derived := ssautil.DerivedFrom(verdict, false)
	for _, w := range ops {
		call, ok := w.Instr.(*ssa.Call)
		if !ok || w.Kind != apis.Insert || call.Parent() != verdict.Parent() || !ssautil.Before(count.Instr, call) ||
			!dataaccess.SameResource(count.Resource, w.Resource) {
			continue
		}
		for _, a := range call.Call.Args {
			for _, v := range append([]ssa.Value{a}, dataaccess.VariadicElems(a)...) { // ExecContext(ctx, q, args...)
				if derived[v] || derived[dataaccess.Unwrap(v)] || carriesInField(v, derived) {
					return w
				}
			}
		}
	}
	return nil
}

// carriesInField reports whether a record argument (&User{IsAdmin:
// first}) had a derived value stored into one of its fields.
func carriesInField(a ssa.Value, derived map[ssa.Value]bool) bool {
	alloc, ok := dataaccess.Unwrap(a).(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, v := range dataaccess.FieldStores(alloc) {
		if derived[v] {
			return true
		}
	}
	return false
}

func reportFirstComer(pass *analysis.Pass, count *dataaccess.Op, verdict *ssa.BinOp, insert *dataaccess.Op) {
	line := pass.Fset.Position(insert.Pos()).Line
	pass.Report(analysis.Diagnostic{
		Pos: count.Pos(),
		Message: fmt.Sprintf("first-comer race: whether anything is there yet (%s, line %d) is handed to the insert at line %d as a value, so two concurrent callers both count none and both insert as the first (an admin, a first-order discount) (decide it in the insert: INSERT ... SELECT ... WHERE NOT EXISTS, or count under a lock in the inserting transaction)",
			describe(count), pass.Fset.Position(verdict.Pos()).Line, line),
		Related: []analysis.RelatedInformation{{Pos: insert.Pos(), Message: "insert handed the count's verdict"}},
		URL:     apis.RuntimeClaimURL,
	})
}
