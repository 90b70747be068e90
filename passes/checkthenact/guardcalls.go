package checkthenact

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// guardCallRaces reports the calls of a count guard (a helper of this
// package, or another package's with a CountGuard fact) whose error the
// caller tests, followed on the nil arm by a removal of what a floor
// guard counts or an insert into what a limit guard counts.
func guardCallRaces(pass *analysis.Pass, judge *Judge) {
	guards := pass.ResultOf[countGuardFacts].(countGuardsOf)
	for _, fn := range judge.model.SSA().SrcFuncs {
		for site, obj := range ssautil.StaticCalls(fn) {
			fact := guards[obj]
			if fact == nil || judge.callers.runAlone(fn) || judge.model.RunsAtStartup(site) {
				continue
			}
			w, ok := writeAfterGuard(site, fact, judge.model.ByFunc[fn], judge.model.Ops)
			switch {
			case !ok:
			case fact.Limit:
				reportCountLimit(pass, site.Pos(), fact.Count, "inside "+fact.Guard+", whose error the caller tests", w)
			default:
				reportFloorRace(pass, floorRace{at: site.Pos(), count: fact.Count, guard: fact.Guard, remove: w})
			}
		}
	}
}

// writeAfterGuard returns the write of what the guard counts that runs
// only where the error of its call is nil: a removal after a floor guard,
// an insert after a limit guard.
func writeAfterGuard(site ssa.CallInstruction, fact *CountGuard, callerOps, ops []*dataaccess.Op) (*dataaccess.Op, bool) {
	call, ok := site.(*ssa.Call)
	if !ok {
		return nil, false
	}
	counted := dataaccess.Resource{Table: fact.Table}
	consumes := func(w *dataaccess.Op) bool {
		if fact.Limit {
			// An insert ON CONFLICT adds a row too, as in countLimitRaceOf.
			return (w.Kind == apis.Insert || w.Kind == apis.CondInsert) && dataaccess.SameResource(counted, w.Resource)
		}
		return removes(w, counted)
	}
	for _, err := range resultValues(call, call.Call.Signature().Results().Len()-1) {
		for _, ft := range nilTests(err) {
			for _, w := range callerOps {
				if consumes(w) && onlyOnArm(ft, w, call.Parent()) && !serialisedAt(call, w, ops) {
					return w, true
				}
			}
		}
	}
	return nil, false
}

// serialisedAt reports whether the database or a mutex makes the guard's
// call and the write one step.
func serialisedAt(call *ssa.Call, w *dataaccess.Op, ops []*dataaccess.Op) bool {
	stand := &dataaccess.Op{Kind: apis.Exists, Fn: call.Parent(), Instr: call}
	return guarded(stand, w, ops)
}
