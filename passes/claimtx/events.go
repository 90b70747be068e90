package claimtx

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/ssautil"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// event is an operation seen from one function: either its own, or one
// inside a callback the function runs in a transaction (gorm Transaction,
// pgx.BeginFunc, bun RunInTx, a WithTx helper), placed at that call.
type event struct {
	op *dataaccess.Op
	// at is the instruction of the function that performs op: op.Instr
	// itself, or the call that runs the callback containing op.
	at ssa.Instruction
	// runner is the call that runs the callback containing op, nil when op
	// is the function's own.
	runner *dataaccess.Op
}

// events lists the operations fn performs, directly or in the callbacks
// it runs inside a transaction, in the order of the function's blocks.
func events(model *dataaccess.Result, fn *ssa.Function) []event {
	var evs []event
	for _, op := range model.ByFunc[fn] {
		evs = append(evs, event{op: op, at: op.Instr})
		if cb := callback(op); cb != nil {
			for _, inner := range callbackOps(model, cb, 0) {
				evs = append(evs, event{op: inner, at: op.Instr, runner: op})
			}
		}
	}
	return evs
}

// callbackOps returns the operations of a callback and of the callbacks
// it runs in turn.
func callbackOps(model *dataaccess.Result, fn *ssa.Function, depth int) []*dataaccess.Op {
	if depth > 4 {
		return nil
	}
	var ops []*dataaccess.Op
	for _, op := range model.ByFunc[fn] {
		ops = append(ops, op)
		if cb := callback(op); cb != nil {
			ops = append(ops, callbackOps(model, cb, depth+1)...)
		}
	}
	return ops
}

// callback returns the function an operation runs inside a transaction:
// the literal of a Begin-with-callback call, or the func argument of a
// wrapper whose summary says it calls that parameter with an open tx.
func callback(op *dataaccess.Op) *ssa.Function {
	if op.TxFunc != nil {
		return op.TxFunc
	}
	if op.Summary == nil || op.Summary.TxFuncParam < 0 {
		return nil
	}
	c := op.Call()
	if c == nil || c.IsInvoke() {
		return nil
	}
	return ssautil.FuncValue(dataaccess.Arg(c, op.Summary.TxFuncParam))
}
