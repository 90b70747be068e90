package checkthenact

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

var Analyzer = &analysis.Analyzer{
	Name:     "checkthenact",
	Doc:      Doc,
	URL:      "https://github.com/idemvet/idemvet/blob/main/passes/checkthenact/README.md",
	Requires: []*analysis.Analyzer{dataaccess.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	model := pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)
	if len(model.Ops) == 0 {
		return nil, nil
	}
	callers := newCallers(pass.Fset, model)
	for _, check := range model.Ops {
		if !check.Kind.IsCheck() || model.IsStartup(check) || callers.runAlone(check.Fn) || callers.inTestFile(check.Fn) {
			continue // startup code, code its callers serialise, or a test's steps in turn: no twin to race with
		}
		if freshKey(check) {
			continue // a twin checks a key of its own
		}
		if write := racingWrite(check, model.Ops); write != nil {
			report(pass, check, write, model.Ops)
		} else if insert, act := ungatedAct(check, model.Ops); act != nil {
			reportUngated(pass, check, insert, act)
		}
	}
	usable := func(read *dataaccess.Op) bool {
		return read.Kind.IsCheck() && !model.IsStartup(read) && !callers.runAlone(read.Fn) && !callers.inTestFile(read.Fn) && !freshKey(read)
	}
	reported := map[*dataaccess.Op]bool{}
	reportFirst := func(gates []gate) {
		for _, g := range gates {
			if reported[g.read] {
				return
			}
			if act, write := statusGateRace(model, g); act != nil {
				reportStatusGate(pass, g, act, write)
				reported[g.read] = true
				return
			}
		}
	}
	for _, read := range model.Ops {
		if usable(read) {
			reportFirst(append(gatesOf(read), pendingGates(read)...))
		}
	}
	for _, fn := range model.SSA().SrcFuncs {
		for _, gates := range passedGates(callers, model, fn, usable) {
			reportFirst(gates)
		}
	}
	return nil, nil
}

// racingWrite returns the first write that runs on the check's absent
// branch, touches the same resource, and is neither atomic nor serialised
// with the check; or nil.
func racingWrite(check *dataaccess.Op, ops []*dataaccess.Op) *dataaccess.Op {
	region := absentBranches(check)
	if len(region) == 0 {
		return nil
	}
	inMemory := check.Resource.Key != nil
	for _, w := range ops {
		insert := w.Kind == apis.Insert || w.Kind.IsAtomicInsert() && conflictMissesCheck(check, w)
		if !insert || !dataaccess.SameResource(check.Resource, w.Resource) {
			continue
		}
		if !inRegion(w.Instr, check.Fn, region) || !dataaccess.SameInput(check, w) || reportsError(w) {
			continue // not on the absent path, or a new row rather than the one checked
		}
		if rechecked(check, w, ops, region) {
			continue // double-checked: the inner check guards the write
		}
		if inMemory && !hasSideEffect(check, w, ops, region) {
			continue // filling a cache twice is harmless
		}
		if safe(check, w, ops) {
			continue
		}
		return w
	}
	return nil
}

// ungatedAct returns an atomic insert of the checked row on the absent
// branch and a duplicable act on that branch that the insert's outcome
// does not gate: the insert picks one winner, but both callers passed the
// check and both act (an e-mail sent before the INSERT ... ON CONFLICT, or
// after it without looking at rows affected).
func ungatedAct(check *dataaccess.Op, ops []*dataaccess.Op) (insert, act *dataaccess.Op) {
	region := absentBranches(check)
	if len(region) == 0 || check.Resource.Key != nil {
		return nil, nil // in-memory and key-value checks: see racingWrite
	}
	for _, w := range ops {
		if !w.Kind.IsAtomicInsert() || !dataaccess.SameResource(check.Resource, w.Resource) ||
			!inRegion(w.Instr, check.Fn, region) || !dataaccess.SameInput(check, w) || safe(check, w, ops) {
			continue
		}
		call, ok := w.Instr.(*ssa.Call)
		if !ok {
			continue
		}
		for _, a := range ops {
			if a == w || a == check || !dataaccess.Duplicable(a) || dataaccess.SameResource(check.Resource, a.Resource) ||
				a.Instr.Parent() != call.Parent() || !inRegion(a.Instr, check.Fn, region) {
				continue
			}
			if !ssautil.Gates(call, dataaccess.WinnerNotInError(w), a.Instr) {
				return w, a
			}
		}
	}
	return nil, nil
}

// rechecked reports whether the absent branch checks the same resource
// again before the write (double-checked locking): the write is then
// judged against that inner check.
func rechecked(check, write *dataaccess.Op, ops []*dataaccess.Op, region []*ssa.BasicBlock) bool {
	for _, inner := range ops {
		if inner == check || !inner.Kind.IsCheck() || inner.Fn != check.Fn ||
			!dataaccess.SameResource(check.Resource, inner.Resource) || !inRegion(inner.Instr, check.Fn, region) {
			continue
		}
		if inRegion(write.Instr, check.Fn, absentBranches(inner)) {
			return true
		}
	}
	return false
}

// safe reports whether something else makes check and write atomic.
func safe(check, write *dataaccess.Op, ops []*dataaccess.Op) bool {
	loc, ok := locate(write.Instr, check.Fn)
	if !ok {
		return true
	}
	held, found := mutexHeldAcross(check.Instr, loc)
	if held {
		return true
	}
	if _, isMap := check.Instr.(*ssa.Lookup); isMap && !found {
		// A plain map with no mutex in sight is not shared between
		// goroutines (or races anyway, which the race detector finds).
		return true
	}
	// The write's unique violation is handled here, or inside the helper
	// that performs it (mapped to its own ErrUserExists).
	return serialised(check, ops) || handlesDuplicate(write.Instr) || write.Summary != nil && write.Summary.HandlesDuplicate
}

// hasSideEffect reports whether the absent branch does more than fill the
// store: a database write elsewhere, an HTTP call, a published message,
// or a call of a function that has one.
func hasSideEffect(check, write *dataaccess.Op, ops []*dataaccess.Op, region []*ssa.BasicBlock) bool {
	for _, op := range ops {
		if op == write || op == check || !inRegion(op.Instr, check.Fn, region) {
			continue
		}
		if dataaccess.Duplicable(op) && !dataaccess.SameResource(check.Resource, op.Resource) && !memoizes(write, op) {
			return true
		}
	}
	return false
}

func report(pass *analysis.Pass, check, write *dataaccess.Op, ops []*dataaccess.Op) {
	line := pass.Fset.Position(write.Pos()).Line
	what := describe(check)
	if write.Kind.IsAtomicInsert() {
		reportUncoveredConflict(pass, check, write, what, line)
		return
	}
	d := analysis.Diagnostic{
		Pos: check.Pos(),
		Message: fmt.Sprintf("check-then-act race: %s and the insert at line %d are separate steps, so two concurrent callers can both see it absent and both insert (make it one step: %s)",
			what, line, oneStep(write)),
		Related: []analysis.RelatedInformation{{Pos: write.Pos(), Message: "insert that runs when the check finds nothing"}},
		URL:     apis.RuntimeClaimURL, // the runtime API that claims, works and stores the outcome in one transaction
	}
	if fix := suggestFix(pass, check, write, ops); fix != nil {
		d.SuggestedFixes = []analysis.SuggestedFix{*fix}
		d.URL = ""
	}
	pass.Report(d)
}

func reportUngated(pass *analysis.Pass, check, insert, act *dataaccess.Op) {
	fset := pass.Fset
	pass.Report(analysis.Diagnostic{
		Pos: check.Pos(),
		Message: fmt.Sprintf("check-then-act race: %s and the conditional insert at line %d let two concurrent callers both reach %s at line %d, which the insert's outcome does not gate (run it only when the insert reports a new row: rows affected == 1 or the returned bool; or %s)",
			describe(check), fset.Position(insert.Pos()).Line, describeAct(act), fset.Position(act.Pos()).Line, runtimeFor(act)),
		Related: []analysis.RelatedInformation{
			{Pos: act.Pos(), Message: "the act both callers run"},
			{Pos: insert.Pos(), Message: "the conditional insert, whose outcome is not checked before the act"},
		},
		URL: runtimeURLFor(act),
	})
}

// oneStep names the atomic form of the insert for the message: the
// store's conditional write, or for SQL stores ON CONFLICT and the runtime.
func oneStep(write *dataaccess.Op) string {
	if write.Callee != nil && write.Callee.Pkg() != nil {
		if s := apis.OneStepInsert(write.Callee.Pkg().Path()); s != "" {
			return s
		}
	}
	return "INSERT ... ON CONFLICT, or runtime/claim"
}

// describe names the check for the message.
func describe(op *dataaccess.Op) string {
	switch {
	case op.SQL != nil && op.SQL.Table != "":
		return fmt.Sprintf("the existence check on %s", op.SQL.Table)
	case op.Callee != nil:
		return fmt.Sprintf("the existence check %s", op.Callee.Name())
	}
	return "the map lookup"
}
