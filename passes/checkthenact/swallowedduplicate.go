package checkthenact

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// An insert whose unique violation is tested only to be let through
// (`if err != nil && !isUniqueViolation(err) { return err }`) picks no
// winner: the caller that lost the insert goes on as the winner does, to
// the charge or e-mail after it. The row is written once; the effect runs
// for every caller.

// swallowedDuplicates reports each plain insert whose unique-violation
// arm leads, without running the insert again, to an external effect.
func swallowedDuplicates(pass *analysis.Pass, judge *Judge, named map[*dataaccess.Op]bool) {
	for _, w := range judge.model.Ops {
		if w.Kind != apis.Insert || named[w] || judge.NoTwin(w) {
			continue
		}
		for _, arm := range dataaccess.DuplicateArms(w.Instr) {
			if effect := effectAfterArm(w, arm, judge.model.Ops); effect != nil {
				reportSwallowedDuplicate(pass, w, effect)
				named[w] = true
				break
			}
		}
	}
}

// effectAfterArm returns an external effect of the insert's function that
// the arm reaches without passing the insert again (a loop's next item is
// another insert's business), or nil. An arm that reads the stored row
// first answers with the stored outcome (the winner's event found, its
// acknowledgement sent again): what follows is that answer, not the
// winner's work.
func effectAfterArm(w *dataaccess.Op, arm *ssa.BasicBlock, ops []*dataaccess.Op) *dataaccess.Op {
	fn := w.Instr.Parent()
	reached := blocksFrom(arm, w.Instr.Block())
	for _, op := range ops {
		if op == w || !op.Kind.IsCheck() {
			continue
		}
		if loc, ok := locate(op.Instr, fn); ok && reached[loc.Block()] {
			return nil
		}
	}
	for _, op := range ops {
		if op == w || !isExternal(op) {
			continue
		}
		if loc, ok := locate(op.Instr, fn); ok && reached[loc.Block()] {
			return op
		}
	}
	return nil
}

// blocksFrom returns the blocks reachable from start without entering
// avoid.
func blocksFrom(start, avoid *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{start}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == avoid || seen[b] {
			continue
		}
		seen[b] = true
		stack = append(stack, b.Succs...)
	}
	return seen
}

func reportSwallowedDuplicate(pass *analysis.Pass, w, effect *dataaccess.Op) {
	line := pass.Fset.Position(effect.Pos()).Line
	pass.Report(analysis.Diagnostic{
		Pos: w.Pos(),
		Message: fmt.Sprintf("swallowed duplicate: this insert's unique violation is let through, so a caller that lost it goes on to %s at line %d as the winner does, and both callers make it (on the violation, return the stored outcome instead of going on; or runtime/claim)",
			describeAct(effect), line),
		Related: []analysis.RelatedInformation{{Pos: effect.Pos(), Message: "the effect both callers make"}},
		URL:     apis.RuntimeClaimURL,
	})
}
