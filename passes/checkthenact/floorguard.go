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

// A set that must keep one member (a team's last member, an
// organisation's last admin, a board's last column) is guarded by a
// count that refuses at the floor and removes a member otherwise. Two
// callers removing different members of a two-member set both count
// two, both pass, and both remove theirs: none is left. It is the limit
// race upside down, and the same cures hold: a parent row locked before
// the count, or the count and the removal in one SERIALIZABLE
// transaction.

// branchTest is a test and the successor it is about: for a count
// against its floor, the one on which more than the floor remain; for a
// value against nil, the one on which it is nil.
type branchTest struct {
	cmp  *ssa.BinOp
	test *ssa.If
	arm  *ssa.BasicBlock
}

// floorRace is one such race: the count, its floor test, and the removal
// the test let through. guard is set when the count and its test are in
// a helper that refuses with an error, and site is the call of it whose
// error the caller tests.
type floorRace struct {
	at     token.Pos // the count, or the call of the guard
	count  string    // what is counted, for the message
	cmp    token.Pos
	guard  string
	remove *dataaccess.Op
}

// floorRaces reports the removals past a floor test in the count's
// function; guardCallRaces those after a call of a floor guard.
func floorRaces(pass *analysis.Pass, judge *Judge, reported map[*dataaccess.Op]bool) {
	ops := judge.model.Ops
	for _, count := range ops {
		if reported[count] || !countsRows(count) || judge.NoTwin(count) || dataaccess.KeyValue(count) {
			continue
		}
		if r, ok := floorRaceOf(count, ops); ok {
			reportFloorRace(pass, r)
			reported[count] = true
		}
	}
}

// countsRows reports whether op yields a number of rows: a count, or a
// read whose rows are counted.
func countsRows(op *dataaccess.Op) bool {
	return op.Kind == apis.Exists || op.Kind == apis.Read && (rowsLoopCounts(op.Instr) != nil || op.CountedResources() != nil || countsList(op))
}

func floorRaceOf(count *dataaccess.Op, ops []*dataaccess.Op) (floorRace, bool) {
	at, ok := count.Instr.(*ssa.Call)
	if !ok || count.Locks || serialisesAbsence(count, ops) {
		return floorRace{}, false
	}
	for _, ft := range floorTests(at) {
		if !refuses(ft.test, ft.arm) {
			continue
		}
		for _, w := range ops {
			if removes(w, count.Resource) && onlyOnArm(ft, w, count.Fn) && !guarded(count, w, ops) {
				return floorRace{at: count.Pos(), count: countedName(count), cmp: ft.cmp.Pos(), remove: w}, true
			}
		}
	}
	return floorRace{}, false
}

// removes reports whether w takes a row out of the counted set: deletes
// it, or updates it (a demotion, a suspension).
func removes(w *dataaccess.Op, counted dataaccess.Resource) bool {
	return (w.Kind == apis.Delete || w.Kind == apis.Update) && dataaccess.SameResource(counted, w.Resource)
}

// onlyOnArm reports whether w runs past the test on the test's arm only.
func onlyOnArm(ft branchTest, w *dataaccess.Op, fn *ssa.Function) bool {
	viaTrue, viaFalse, ok := armsReaching(ft.test, w, fn)
	if !ok || viaTrue == viaFalse {
		return false
	}
	return viaTrue == (ft.arm == ft.test.Block().Succs[0])
}

// floorTests returns the tests of the numbers a count yields against a
// floor of one: n <= 1, n == 1, n < 2 and their mirrors. A test against
// zero asks whether a row exists at all; one against a larger number is
// a limit.
func floorTests(call *ssa.Call) []branchTest {
	var out []branchTest
	for _, n := range countValues(call) {
		for _, v := range append([]ssa.Value{n}, conversions(n)...) {
			for _, ref := range *v.Referrers() {
				cmp, ok := ref.(*ssa.BinOp)
				if !ok {
					continue
				}
				aboveWhenTrue, ok := floorSide(cmp, v)
				if !ok {
					continue
				}
				for _, test := range ifsOf(cmp) {
					above := test.Block().Succs[1]
					if aboveWhenTrue {
						above = test.Block().Succs[0]
					}
					out = append(out, branchTest{cmp: cmp, test: test, arm: above})
				}
			}
		}
	}
	return out
}

// conversions returns the conversions of n (int(n)).
func conversions(n ssa.Value) []ssa.Value {
	var out []ssa.Value
	for _, ref := range *n.Referrers() {
		if c, ok := ref.(*ssa.Convert); ok {
			out = append(out, c)
		}
	}
	return out
}

// floorSide reports whether cmp, a test of n against a floor of one, is
// true when more than one remain; ok is false for any other comparison.
func floorSide(cmp *ssa.BinOp, n ssa.Value) (aboveWhenTrue, ok bool) {
	op, other := cmp.Op, cmp.Y
	if cmp.Y == n {
		other = cmp.X
		op = flip(op) // k op n read as n op k
	}
	k, isConst := other.(*ssa.Const)
	if !isConst || k.Value == nil {
		return false, false
	}
	v, exact := constant.Int64Val(constant.ToInt(k.Value))
	if !exact {
		return false, false
	}
	switch {
	case v == 1 && (op == token.LEQ || op == token.EQL):
		return false, true
	case v == 1 && (op == token.GTR || op == token.NEQ):
		return true, true
	case v == 2 && op == token.LSS:
		return false, true
	case v == 2 && op == token.GEQ:
		return true, true
	}
	return false, false
}

// refuses reports whether the side of the test that is not above the
// floor refuses: every return it reaches hands back a non-nil error
// (or, in a function without an error result, it just returns).
func refuses(test *ssa.If, above *ssa.BasicBlock) bool {
	floor := test.Block().Succs[0]
	if floor == above {
		floor = test.Block().Succs[1]
	}
	returns := returnsFrom(floor)
	if len(returns) == 0 {
		return false
	}
	for _, ret := range returns {
		for _, r := range ret.Results {
			if ssautil.IsError(r.Type()) && isNilConst(r) { // not isNil: ErrLastAdmin{} is a zero constant too
				return false
			}
		}
	}
	return true
}

// returnsFrom returns the returns reachable from b.
func returnsFrom(b *ssa.BasicBlock) []*ssa.Return {
	var out []*ssa.Return
	seen := map[*ssa.BasicBlock]bool{}
	var visit func(*ssa.BasicBlock)
	visit = func(b *ssa.BasicBlock) {
		if seen[b] {
			return
		}
		seen[b] = true
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			out = append(out, ret)
		}
		for _, s := range b.Succs {
			visit(s)
		}
	}
	visit(b)
	return out
}

// nilTests returns the tests of v (an error, a record) against nil,
// each with the arm on which v is nil as its arm.
func nilTests(v ssa.Value) []branchTest {
	var out []branchTest
	for _, ref := range *v.Referrers() {
		cmp, ok := ref.(*ssa.BinOp)
		if !ok || cmp.Op != token.NEQ && cmp.Op != token.EQL || !(cmp.X == v && isNilConst(cmp.Y) || cmp.Y == v && isNilConst(cmp.X)) {
			continue
		}
		for _, test := range ifsOf(cmp) {
			nilArm := test.Block().Succs[1]
			if cmp.Op == token.EQL {
				nilArm = test.Block().Succs[0]
			}
			out = append(out, branchTest{cmp: cmp, test: test, arm: nilArm})
		}
	}
	return out
}

// countedName names what a count counts, for the message: an ORM's
// count by the model it is handed (Count(&TeamMember{})).
func countedName(op *dataaccess.Op) string {
	call, ok := op.Instr.(*ssa.Call)
	if op.SQL == nil && ok && op.Callee != nil && op.Callee.Pkg() != nil && apis.KnownPackage(op.Callee.Pkg().Path()) {
		if model := modelArg(call); model != "" {
			return "the count of " + model
		}
	}
	return describeCount(op)
}

// modelArg returns the name of the struct type a call is handed, directly
// or in its variadic arguments.
func modelArg(call *ssa.Call) string {
	var args []ssa.Value
	for _, a := range call.Call.Args {
		args = append(args, a)
		if s, ok := a.(*ssa.Slice); ok {
			for _, ref := range *s.X.Referrers() {
				if ia, ok := ref.(*ssa.IndexAddr); ok {
					for _, use := range *ia.Referrers() {
						if st, ok := use.(*ssa.Store); ok {
							args = append(args, st.Val)
						}
					}
				}
			}
		}
	}
	for _, a := range args {
		if mi, ok := a.(*ssa.MakeInterface); ok {
			a = mi.X
		}
		if isRecordType(a.Type()) {
			return ssautil.NamedOf(a.Type()).Obj().Name()
		}
	}
	return ""
}

func reportFloorRace(pass *analysis.Pass, r floorRace) {
	line := func(pos token.Pos) int { return pass.Fset.Position(pos).Line }
	where := fmt.Sprintf("at line %d", line(r.cmp))
	if r.guard != "" {
		where = fmt.Sprintf("inside %s, whose error the caller tests", r.guard)
	}
	verb := "delete"
	if r.remove.Kind == apis.Update {
		verb = "update"
	}
	pass.Report(analysis.Diagnostic{
		Pos: r.at,
		Message: fmt.Sprintf("floor race: %s is compared with its floor %s, and the %s at line %d removes one of what it counts in a separate step, so two callers removing different rows can both count two, both pass and both remove theirs: none is left (lock the parent row FOR UPDATE before counting, or count and remove in one SERIALIZABLE transaction)",
			r.count, where, verb, line(r.remove.Pos())),
		Related: []analysis.RelatedInformation{
			{Pos: r.remove.Pos(), Message: "the removal both callers run"},
		},
		URL: apis.RuntimeClaimURL,
	})
}
