package claimtx

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// onHandedInTx offers to move a pool write inside a claim's work onto the
// transaction the runtime handed in, when that is mechanical: the write is
// called on the pool itself (not through a helper that holds it), the
// work names its tx parameter, and the tx has the method the write calls
// with the same signature (pool.Exec becomes tx.Exec, db.ExecContext
// becomes tx.ExecContext).
func onHandedInTx(pass *analysis.Pass, op *dataaccess.Op, tx *ssa.Parameter) *analysis.SuggestedFix {
	if tx == nil || op.Summary != nil {
		return nil
	}
	txVar, _ := tx.Object().(*types.Var)
	call := callAt(pass, op.Pos())
	if txVar == nil || txVar.Name() == "_" || call == nil {
		return nil
	}
	handle := handleForTx(pass, op, call, txVar, token.NoPos)
	if handle == nil {
		return nil
	}
	return &analysis.SuggestedFix{
		Message:   fmt.Sprintf("Run the write on %s, the transaction the runtime handed in", txVar.Name()),
		TextEdits: []analysis.TextEdit{{Pos: handle.Pos(), End: handle.End(), NewText: []byte(txVar.Name())}},
	}
}
