package dataaccess

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// An engine that runs one cycle at a time often begins its transaction
// through a helper that takes a lock in it before handing it back:
//
//	tx, err := db.BeginTx(ctx, opts)
//	q.AcquireModuleLock(ctx) // SELECT ... FOR UPDATE NOWAIT, pg_advisory_xact_lock
//	return tx, nil
//
// (goalert's processinglock.BeginTx). Everything its caller then runs on
// the transaction runs after that lock, which a twin beginning the same
// way waits for or is refused: the helper's call is a lock taken in the
// caller's code (Summary.BeginsLocked).

// beginsLocked reports whether fn returns a transaction that it began
// and then took a lock in, or that a helper it calls began locked.
func beginsLocked(fn *ssa.Function, ops []*Op) bool {
	for _, ret := range ssautil.Returns(fn) {
		for _, r := range ret.Results {
			if kindOfType(r.Type()) != apis.HandleTx {
				continue
			}
			tx := Unwrap(r)
			made, _ := producedBy(tx)
			if made == nil {
				continue
			}
			madeBy := func(op *Op) bool { return op.Instr == ssa.Instruction(made) }
			begun := slices.ContainsFunc(ops, func(op *Op) bool { return madeBy(op) && op.Kind == apis.Begin })
			lockedInside := slices.ContainsFunc(ops, func(op *Op) bool { return madeBy(op) && op.Summary != nil && op.Summary.BeginsLocked })
			if lockedInside || begun && slices.ContainsFunc(ops, func(op *Op) bool { return op.Locks && TxOf(op.Handle).Path.Base == tx }) {
				return true
			}
		}
	}
	return false
}
