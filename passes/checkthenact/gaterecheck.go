package checkthenact

import (
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A status gate is often a pre-check: the code takes a lock (SELECT ...
// FOR UPDATE in a transaction, or a lock helper: AcquireLock(key),
// LockWithWait(row), a redis lock's Obtain), reads the record again and
// tests the state again before it acts. The first test only saves work;
// the second is the gate, judged on its own read.

// gateRechecked reports whether the code reads the record again after the
// read and tests its state before the act: that read's gate is the one
// that counts (double-checked).
func gateRechecked(g gate, act *dataaccess.Op, ops []*dataaccess.Op) bool {
	actLoc, ok := locate(act.Instr, g.fn)
	if !ok {
		return false
	}
	for _, inner := range ops {
		if inner == g.read || !inner.Kind.IsCheck() || !dataaccess.SameResource(g.read.Resource, inner.Resource) {
			continue
		}
		// Between the read and the act; not necessarily inside the gated
		// branch: a re-read into the same variable makes its test look
		// like a test of the first read too.
		loc, ok := locate(inner.Instr, g.fn)
		if !ok || !ssautil.Before(g.at, loc) || !ssautil.Before(loc, actLoc) || len(gatesOf(inner)) == 0 {
			continue
		}
		if !g.passed && dataaccess.SameInput(g.read, inner) || derivedFromRecord(g.records, inner) {
			return true
		}
	}
	return false
}

// lockedByHelper reports whether a call that takes a lock runs before the
// read on every path through its function: a lock helper whose key the
// analysis cannot compare (AcquireLock(ctx, "order:"+id)), trusted because
// the code reads the state after taking it. A sync mutex is judged by
// mutexHeldAcross instead, which sees its Unlock.
func lockedByHelper(read *dataaccess.Op) bool {
	for _, b := range read.Fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || !ssautil.Before(instr, read.Instr) {
				continue
			}
			f := dataaccess.Callee(call.Common())
			if f == nil || f.Pkg() != nil && f.Pkg().Path() == "sync" {
				continue
			}
			if apis.IsLockName(f.Name()) {
				return true
			}
		}
	}
	return false
}
