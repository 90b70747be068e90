package abortedtx

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// recovers is the fact of a helper that wraps each statement that may
// fail on its caller's transaction in a savepoint it rolls back to
// (SAVEPOINT ... ROLLBACK TO SAVEPOINT, gorm's RollbackTo) before it
// returns the error: the transaction it hands back is not aborted, so the
// caller may use it after the failure.
type recovers struct{}

func (*recovers) AFact()         {}
func (*recovers) String() string { return "recovers" }

// exportRecovers marks the package's helpers whose every failing write is
// rolled back to a savepoint on each path from its failure to a return.
func exportRecovers(pass *analysis.Pass, model *dataaccess.Result, nonAborting bool) {
	byFn := map[*ssa.Function][]*dataaccess.Op{}
	for _, s := range model.Ops {
		if mayFail(s) && aborts(s, nonAborting) {
			byFn[s.Fn] = append(byFn[s.Fn], s)
		}
	}
	for fn, ops := range byFn {
		obj := fn.Object()
		if obj == nil || fn.Parent() != nil {
			continue
		}
		all := true
		for _, s := range ops {
			all = all && rolledBackBeforeReturn(pass, model, s)
		}
		if all {
			passutil.ExportObjectFact(pass, obj, &recovers{})
		}
	}
}

// rolledBackBeforeReturn reports whether s runs on the caller's
// transaction (a parameter) and every path from its failure rolls it back
// to a savepoint before any other statement on it and before the
// function returns.
func rolledBackBeforeReturn(pass *analysis.Pass, model *dataaccess.Result, s *dataaccess.Op) bool {
	tx := dataaccess.TxOf(s.Handle)
	if _, param := tx.Path.Base.(*ssa.Parameter); !param {
		return false
	}
	failed := failedValues(s)
	starts := failureBranches(s)
	if len(starts) == 0 || afterFailure(pass, model, s) != nil {
		return false
	}
	seen := map[*ssa.BasicBlock]bool{}
	queue := append([]*ssa.BasicBlock(nil), starts...)
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		if seen[b] {
			continue
		}
		seen[b] = true
		rolled := false
		for _, instr := range b.Instrs {
			if rollsBackToSavepoint(pass, model, instr, tx) {
				rolled = true
				break
			}
			if _, ret := instr.(*ssa.Return); ret {
				return false
			}
		}
		if !rolled {
			queue = append(queue, stillFailing(b, failed)...)
		}
	}
	return true
}

// recovered reports whether s is a call of a helper that recovers from
// its own failures (see recovers).
func recovered(pass *analysis.Pass, s *dataaccess.Op) bool {
	return s.Summary != nil && s.Callee != nil && pass.ImportObjectFact(s.Callee, new(recovers))
}

// rollsBackToSavepoint reports whether instr rolls tx back to a savepoint:
// a rollback (see rollsBack) other than the whole transaction's Rollback.
func rollsBackToSavepoint(pass *analysis.Pass, model *dataaccess.Result, instr ssa.Instruction, tx dataaccess.Handle) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok || !rollsBack(pass, model, instr, tx) {
		return false
	}
	f := dataaccess.Callee(call.Common())
	return f == nil || f.Name() != "Rollback"
}
