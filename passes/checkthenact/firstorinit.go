package checkthenact

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// gorm's FirstOrInit reads a row and, when none matches, fills the record
// from its conditions without inserting it (and without an error). Code
// that then saves the record (Save, which inserts a record whose primary
// key is still zero, or Create) has written a find-or-create in two calls:
// two callers that run it at once both miss the row and both insert it,
// exactly as two FirstOrCreate calls do, and the schema decides what the
// second insert does (see findorcreate.go). A branch on the zero key
// before a Create is the plain check-then-insert the main loop reports;
// this rule adds the unbranched "init, set fields, save" form.

// firstOrInitRaces reports every FirstOrInit whose record is then saved
// or created, when nothing serialises the two and the second insert
// either stores a duplicate or fails with an error handed on as a failure.
func firstOrInitRaces(pass *analysis.Pass, judge *Judge) {
	ops := judge.model.Ops
	for _, init := range ops {
		if init.Kind != apis.Read || init.Callee == nil || init.Callee.Name() != "FirstOrInit" ||
			judge.NoTwin(init) || judge.FreshKey(init) {
			continue
		}
		if w, _ := racingWrite(init, ops, judge.callers); w != nil {
			continue // the zero key tested before the insert: the main loop's report
		}
		save := savedAfterInit(init, ops)
		if save == nil || guarded(init, save, ops) || judge.callers.lockedFirst(init, ops) {
			continue
		}
		race := describeLookup(pass, init)
		if race.cover != coverDuplicate {
			if !errorSurfaces(save) {
				continue // the loser's violation is dropped: nothing doubled, nothing failed
			}
			if answered, _ := judge.callers.duplicateAnswered(init, save); answered {
				continue
			}
		}
		reportFirstOrInit(pass, race, save)
	}
}

// savedAfterInit returns the gorm Save or Create of the record init
// filled, run after init on a path where the row may have been missing,
// that inserts it plainly; or nil. A Create with an ON CONFLICT clause
// picks one winner, and a save only on the branch where the key is set
// updates a row that exists.
func savedAfterInit(init *dataaccess.Op, ops []*dataaccess.Op) *dataaccess.Op {
	record := dataaccess.Unwrap(init.Call().Args[1])
	absent := zeroKeyBranches(init)
	for _, w := range ops {
		if w.Callee == nil || w.Callee.Pkg() == nil || !apis.IsGorm(w.Callee.Pkg().Path()) {
			continue
		}
		if name := w.Callee.Name(); name != "Save" && name != "Create" || w.Kind != apis.Insert && name == "Create" {
			continue
		}
		call := w.Call()
		if call == nil || len(call.Args) < 2 || dataaccess.Unwrap(call.Args[1]) != record || onConflictChain(call) {
			continue
		}
		loc, ok := locate(w.Instr, init.Fn)
		if !ok || !ssautil.Reachable(init.Instr, loc) {
			continue
		}
		if len(absent) > 0 && !inRegion(w.Instr, init.Fn, absent) && !reachableFrom(absent, loc) {
			continue // saved only where the row was found: an update
		}
		return w
	}
	return nil
}

// zeroKeyBranches returns the blocks entered only when the record's key
// is still zero: FirstOrInit found no row. Its error is no "not found"
// (FirstOrInit returns none then), so only the key tests count.
func zeroKeyBranches(init *dataaccess.Op) []*ssa.BasicBlock {
	o := &outcomes{check: init.Instr, kind: init.Kind}
	o.fromRecordKeys(init)
	var blocks []*ssa.BasicBlock
	for _, s := range o.splits() {
		blocks = append(blocks, s.absent)
	}
	return blocks
}

// reachableFrom reports whether instr can run after entering one of the
// blocks.
func reachableFrom(blocks []*ssa.BasicBlock, instr ssa.Instruction) bool {
	for _, b := range blocks {
		if len(b.Instrs) > 0 && ssautil.Reachable(b.Instrs[0], instr) {
			return true
		}
	}
	return false
}

// onConflictChain reports whether a gorm write's chain carries
// Clauses(clause.OnConflict{...}): the insert then picks one winner.
func onConflictChain(call *ssa.CallCommon) bool {
	for c := chainedCall(call); c != nil; c = chainedCall(&c.Call) {
		if f := c.Call.StaticCallee(); f == nil || f.Name() != "Clauses" || len(c.Call.Args) < 2 {
			continue
		}
		for _, cl := range dataaccess.VariadicElems(c.Call.Args[1]) {
			if dataaccess.ClauseName(cl) == "OnConflict" {
				return true
			}
		}
	}
	return false
}

func reportFirstOrInit(pass *analysis.Pass, race findOrCreateRace, save *dataaccess.Op) {
	what := "the row"
	if race.model != "" {
		what = race.model
	}
	line := pass.Fset.Position(save.Pos()).Line
	pass.Report(analysis.Diagnostic{
		Pos: race.op.Pos(),
		Message: fmt.Sprintf("check-then-act race: FirstOrInit looks %s up and only fills it when none is found, and the %s at line %d inserts it, so two concurrent callers can both miss it and both insert; %s",
			what, save.Callee.Name(), line, lookupOutcome(race)),
		Related: []analysis.RelatedInformation{{Pos: save.Pos(), Message: "insert of the record FirstOrInit filled, which both callers reach when the row is missing"}},
		URL:     apis.RuntimeClaimURL,
	})
}
