package checkthenact

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A gate often lets several states through: status == "pending" ||
// status == "failed", or a switch whose case lists both. Each comparison
// is its own branch, and the arm they share is entered from all of them:
// still an arm entered only on the state's say.

// enteredOnStateTests reports whether b is entered only from the gate's
// block and from blocks that end in another comparison of the value the
// gate's condition compares.
func enteredOnStateTests(b *ssa.BasicBlock, gate *ssa.If) bool {
	tested := comparedValue(gate.Cond)
	if tested == nil {
		return false
	}
	for _, p := range b.Preds {
		if p == gate.Block() || deadEdge(p, b) {
			continue
		}
		other, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok {
			return false
		}
		if v := comparedValue(other.Cond); v == nil || !dataaccess.SameValue(v, tested) {
			return false
		}
	}
	return true
}

// comparedValue returns the value a condition compares with a constant
// (status of status == "failed"), or nil.
func comparedValue(cond ssa.Value) ssa.Value {
	cmp, ok := cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ {
		return nil
	}
	if _, ok := cmp.Y.(*ssa.Const); ok {
		return cmp.X
	}
	if _, ok := cmp.X.(*ssa.Const); ok {
		return cmp.Y
	}
	return nil
}
