package checkthenact

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A limit checked by a count, then consumed by an insert of what it
// counts, races like an existence check with a larger threshold: two
// callers both count 4 of 5 invitations, both pass `if n >= limit {
// refuse }`, and both insert: 6 rows. A parent row locked first, an
// advisory lock or a SERIALIZABLE transaction makes the count and the
// insert one step.

// countLimitRace is one such race: the count, its comparison with the
// limit, and the insert the comparison let through.
type countLimitRace struct {
	count  *dataaccess.Op
	cmp    *ssa.BinOp
	insert *dataaccess.Op
}

// countLimitRaces reports, for every count not already reported, a
// comparison with a limit that refuses on one side and leads to an insert
// into the counted table on the other.
func countLimitRaces(pass *analysis.Pass, judge *Judge, reported map[*dataaccess.Op]bool) {
	ops := judge.model.Ops
	for _, count := range ops {
		if reported[count] || count.Kind != apis.Exists && (count.Kind != apis.Read || rowsLoopCounts(count.Instr) == nil) || judge.NoTwin(count) || freshKey(count) || dataaccess.KeyValue(count) {
			continue
		}
		if r, ok := countLimitRaceOf(count, ops, judge.callers); ok {
			reportCountLimit(pass, r)
			reported[count] = true
		}
	}
}

func countLimitRaceOf(count *dataaccess.Op, ops []*dataaccess.Op, callers *callers) (countLimitRace, bool) {
	at, ok := count.Instr.(*ssa.Call)
	if !ok || serialisesAbsence(count, ops) || callers.lockedFirst(count, ops) {
		return countLimitRace{}, false
	}
	for _, n := range countValues(at) {
		for _, cmp := range orderings(n) {
			if !againstLimit(cmp, n) {
				continue // n > 0 asks whether a row exists: the existence check's
			}
			for _, test := range ifsOf(cmp) {
				for _, w := range ops {
					if w.Kind != apis.Insert || !dataaccess.SameResource(count.Resource, w.Resource) || !throughOneArm(test, w, count.Fn) {
						continue
					}
					if guarded(count, w, ops) {
						continue
					}
					return countLimitRace{count: count, cmp: cmp, insert: w}, true
				}
			}
		}
	}
	return countLimitRace{}, false
}

// countValues returns the numbers a count yields: its numeric result, or
// the loads of the variables it (or the Scan of its row) fills.
func countValues(call *ssa.Call) []ssa.Value {
	var vals, outs []ssa.Value
	if isNumber(call.Type()) {
		vals = append(vals, call)
	}
	outs = append(outs, outParams(call.Call.Args)...)
	vals = append(vals, rowsLoopCounts(call)...)
	for _, ref := range *call.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Extract:
			if isNumber(ref.Type()) {
				vals = append(vals, ref)
			}
		case *ssa.Call:
			if f := ref.Call.StaticCallee(); f != nil && f.Name() == "Scan" {
				outs = append(outs, outParams(ref.Call.Args)...)
			}
		}
	}
	for _, out := range outs {
		if p, ok := out.Type().Underlying().(*types.Pointer); ok && isNumber(p.Elem()) {
			vals = append(vals, ssautil.LoadsOf(out)...)
		}
	}
	return vals
}

// againstLimit reports whether the comparison tests n against a limit,
// not against zero or one (which ask whether a row exists at all).
func againstLimit(cmp *ssa.BinOp, n ssa.Value) bool {
	other := cmp.Y
	if cmp.Y == n {
		other = cmp.X
	}
	k, ok := other.(*ssa.Const)
	if !ok {
		return true
	}
	if k.Value == nil {
		return false
	}
	v, exact := constant.Int64Val(constant.ToInt(k.Value))
	return exact && v > 1
}

func reportCountLimit(pass *analysis.Pass, r countLimitRace) {
	line := func(pos token.Pos) int { return pass.Fset.Position(pos).Line }
	pass.Report(analysis.Diagnostic{
		Pos: r.count.Pos(),
		Message: fmt.Sprintf("limit race: %s is compared with a limit at line %d, and the insert at line %d adds to what it counts in a separate step, so two concurrent callers can both count under the limit and both insert: the limit is passed (lock the parent row FOR UPDATE before counting, or count and insert in one SERIALIZABLE transaction)",
			describeCount(r.count), line(r.cmp.Pos()), line(r.insert.Pos())),
		Related: []analysis.RelatedInformation{
			{Pos: r.insert.Pos(), Message: "the insert both callers run"},
		},
		URL: apis.RuntimeClaimURL,
	})
}

// describeCount names the count for the message.
func describeCount(op *dataaccess.Op) string {
	switch {
	case op.SQL != nil && op.SQL.Table != "":
		return fmt.Sprintf("the count of %s", op.SQL.Table)
	case op.Callee != nil:
		return fmt.Sprintf("the count %s", op.Callee.Name())
	}
	return "the count"
}
