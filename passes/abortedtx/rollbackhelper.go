package abortedtx

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// rollsBackTo is the fact of a helper that rolls the transaction it is
// given back to a savepoint (a rollbackTo(ctx, tx, name) running ROLLBACK
// TO SAVEPOINT, or gorm's RollbackTo): calling it ends the aborted state
// of that transaction as the statement itself would. Param is the index
// of the transaction among the function's parameters (receiver first).
type rollsBackTo struct{ Param int }

func (*rollsBackTo) AFact()         {}
func (*rollsBackTo) String() string { return "rollsBackTo" }

// exportRollsBackTo marks the package's functions that roll one of their
// parameters back to a savepoint before they run any statement on it. A
// function that runs one first (SAVEPOINT is none, its INSERT is) needs
// a live transaction: called on an aborted one, it fails itself.
func exportRollsBackTo(pass *analysis.Pass, model *dataaccess.Result) {
	for _, fn := range model.SSA().SrcFuncs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || len(fn.Blocks) == 0 {
			continue
		}
		for i, p := range fn.Params {
			if rollsBackFirst(pass, model, fn, dataaccess.Handle{Path: dataaccess.RootPath(p), Kind: apis.HandleTx}) {
				passutil.ExportObjectFact(pass, obj, &rollsBackTo{Param: i})
				break
			}
		}
	}
}

// rollsBackFirst reports whether some path from fn's entry rolls tx back
// to a savepoint before any statement on it. Some path is enough: a
// caller's search for a statement after a failure stops at the call, so
// the check stays silent where the rollback may have run.
func rollsBackFirst(pass *analysis.Pass, model *dataaccess.Result, fn *ssa.Function, tx dataaccess.Handle) bool {
	seen := map[*ssa.BasicBlock]bool{}
	queue := []*ssa.BasicBlock{fn.Blocks[0]}
	for len(queue) > 0 {
		b := queue[0]
		queue = queue[1:]
		if seen[b] {
			continue
		}
		seen[b] = true
		blocked := false
		for _, instr := range b.Instrs {
			if rollsBackToSavepoint(pass, model, instr, tx) {
				return true
			}
			if op := model.ByInstr[instr]; op != nil && isStatement(op) && dataaccess.SameTx(dataaccess.TxOf(op.Handle), tx) {
				blocked = true
				break
			}
		}
		if !blocked {
			queue = append(queue, b.Succs...)
		}
	}
	return false
}

// callRollsBackTo reports whether c calls a helper that rolls tx back to a
// savepoint (see rollsBackTo).
func callRollsBackTo(pass *analysis.Pass, c *ssa.CallCommon, tx dataaccess.Handle) bool {
	f := c.StaticCallee()
	if f == nil || f.Object() == nil {
		return false
	}
	var fact rollsBackTo
	if !pass.ImportObjectFact(f.Object(), &fact) || fact.Param >= len(c.Args) {
		return false
	}
	return dataaccess.RootPath(c.Args[fact.Param]).Equal(tx.Path)
}
