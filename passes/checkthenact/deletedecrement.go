package checkthenact

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// The present branch of a check races too. An unstar checks that the star
// is there, deletes it, then takes one from the repository's count. Two
// concurrent unstars both see the star, both delete it (the second
// deletes nothing, and says so only in its rows affected) and both
// decrement: the count loses two for one star. The delete's rows affected
// picks the one caller that removed the row; a decrement it does not gate
// runs for both.

// deleteThenDecrement is one such race: the check that found the row, the
// delete of it, and the relative update both callers run.
type deleteThenDecrement struct {
	check, delete, decrement *dataaccess.Op
}

// presentBranchDecrements reports, for every check whose present branch
// deletes the row it found and then runs a relative update that the
// delete's rows affected does not gate, the race of two callers that both
// find the row; not at a read reported already as a status gate.
func presentBranchDecrements(pass *analysis.Pass, judge *Judge, reported map[*dataaccess.Op]bool) {
	ops := judge.model.Ops
	for _, check := range ops {
		if reported[check] || !check.Kind.IsCheck() || judge.NoTwin(check) || serialised(check, ops) {
			continue // a row locked by the read is held until the decrement commits
		}
		if r, ok := decrementAfterDelete(check, ops, judge.callers); ok {
			reportDeleteThenDecrement(pass, r)
		}
	}
}

// decrementAfterDelete finds, on the check's present branch, a delete of
// the checked resource followed in its function by a relative update
// that the delete's outcome does not gate.
func decrementAfterDelete(check *dataaccess.Op, ops []*dataaccess.Op, callers *callers) (deleteThenDecrement, bool) {
	if len(listValues(check)) > 0 {
		return deleteThenDecrement{}, false // a list read finds rows to go through, not the row a delete removes
	}
	absent := absentBranches(check)
	if len(absent) == 0 {
		return deleteThenDecrement{}, false // the check's outcome is not tested, so no branch is "present"
	}
	for _, del := range ops {
		if del.Kind != apis.Delete || del.Summary != nil || !dataaccess.SameResource(check.Resource, del.Resource) ||
			!onPresentBranch(check, del, absent) || guarded(check, del, ops) || callers.lockedFirst(check, ops) {
			continue
		}
		call, ok := del.Instr.(*ssa.Call)
		if !ok {
			continue
		}
		for _, dec := range ops {
			if dec.Kind != apis.Update || !dataaccess.NonIdempotent(dec) || dec.Instr.Parent() != call.Parent() ||
				dataaccess.SameResource(del.Resource, dec.Resource) {
				continue
			}
			if ssautil.Reachable(call, dec.Instr) && !ssautil.Gates(call, true, dec.Instr) {
				return deleteThenDecrement{check: check, delete: del, decrement: dec}, true
			}
		}
	}
	return deleteThenDecrement{}, false
}

// onPresentBranch reports whether op runs after check only when the check
// found the row: check's function reaches it, and no absent branch does.
func onPresentBranch(check, op *dataaccess.Op, absent []*ssa.BasicBlock) bool {
	at, ok := locate(op.Instr, check.Fn)
	if !ok || !ssautil.Reachable(check.Instr, at) {
		return false
	}
	for _, b := range absent {
		if len(b.Instrs) > 0 && (b == at.Block() || ssautil.Reachable(b.Instrs[0], at)) {
			return false
		}
	}
	return true
}

func reportDeleteThenDecrement(pass *analysis.Pass, r deleteThenDecrement) {
	line := func(op *dataaccess.Op) int { return pass.Fset.Position(op.Pos()).Line }
	pass.Report(analysis.Diagnostic{
		Pos: r.check.Pos(),
		Message: fmt.Sprintf("status-gate race: %s finds the row, the delete at line %d removes it and %s at line %d adjusts a count relatively, in separate steps, so two concurrent callers can both find it, both delete (the second deletes nothing) and both adjust the count (run the update only when the delete's rows affected is 1, or recount: SET n = (SELECT count(*) ...))",
			describe(r.check), line(r.delete), describeAct(r.decrement), line(r.decrement)),
		Related: []analysis.RelatedInformation{
			{Pos: r.delete.Pos(), Message: "the delete whose rows affected is not tested"},
			{Pos: r.decrement.Pos(), Message: "the relative update both callers run"},
		},
		URL: apis.RuntimeClaimURL,
	})
}
