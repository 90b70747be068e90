package dataaccess

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// A careful helper settles a record the way a status gate should: in its
// own transaction it locks the rows (SELECT ... FOR UPDATE, or a lock
// helper on the caller's transaction), reads again, and writes only when
// the read says the work is not done yet:
//
//	func (s *svc) markSettled(t *Tx) error {
//		return s.db.Transaction(func(tx *gorm.DB) error {
//			existing, err := s.findSettled(tx, t) // locks, then reads
//			if err != nil || existing != nil {
//				return err
//			}
//			return tx.Model(t).Update("state", "settled").Error
//		})
//	}
//
// A caller that tested the state before calling it only saved work: a
// twin waits on the lock and then finds the record settled. The summary
// says so (Rechecks), and its read helper (LockedRead) says it reads
// under the lock it takes.

// lockedRead reports whether a read body takes a lock before every other
// read: its lock helper's FOR UPDATE, then the query that reads.
func lockedRead(checks []*Op) bool {
	var locks []*Op
	for _, op := range checks {
		if op.Locks {
			locks = append(locks, op)
		}
	}
	if len(locks) == 0 || len(locks) == len(checks) {
		return false // no lock, or allLock's case (Locks)
	}
	for _, op := range checks {
		if op.Locks {
			continue
		}
		if !slices.ContainsFunc(locks, func(l *Op) bool { return l.Fn == op.Fn && ssautil.Before(l.Instr, op.Instr) }) {
			return false
		}
	}
	return true
}

// rechecks reports whether every write and effect of a body runs only on
// an outcome of a read made under a lock the body holds (see above). An
// effect in the function around the transaction callback counts when
// what it sends is handed out of the callback only where that read let
// the write through (eventsToPublish set after the update, published
// after the commit).
func rechecks(ops []*Op) bool {
	var writes, effects, locked []*Op
	for _, op := range ops {
		switch {
		case op.Kind.IsWrite() && !inMemory(op):
			writes = append(writes, op)
		case op.Kind.IsCheck() && lockedCheck(op, ops):
			locked = append(locked, op)
		}
		if op.Kind == apis.Effect || op.Summary != nil && op.Summary.Acts {
			effects = append(effects, op)
		}
	}
	if len(writes) == 0 {
		return false
	}
	gated := func(instr ssa.Instruction) bool {
		return slices.ContainsFunc(locked, func(c *Op) bool {
			v, ok := c.Instr.(ssa.Value)
			return ok && c.Fn == instr.Parent() && ssautil.Gates(v, true, instr)
		})
	}
	for _, w := range writes {
		if w.Kind == apis.Insert {
			// A lock finds no row that is not there yet: an insert
			// after a locked read of absent rows is not serialised.
			return false
		}
		if !gated(w.Instr) && !selfRechecking(w) {
			return false
		}
	}
	for _, e := range effects {
		if slices.Contains(writes, e) || gated(e.Instr) || selfRechecking(e) || providerLookup(e) || handedOutGated(e, gated) {
			continue
		}
		return false
	}
	return true
}

// selfRechecking reports whether op calls a helper that rechecks under
// its own lock: what it writes needs no gate of the caller's.
func selfRechecking(op *Op) bool {
	return op.Summary != nil && op.Summary.Rechecks
}

// providerLookup reports whether an effect only asks a provider about a
// record (lnClient.LookupInvoice, GetPayment): twice is harmless.
func providerLookup(op *Op) bool {
	call, ok := op.Instr.(ssa.CallInstruction)
	if !ok || op.Summary != nil && op.Summary.Writes {
		return false
	}
	return apis.IsLookupName(calledName(call.Common()))
}

// lockedCheck reports whether a read holds a lock when it reads: it
// locks, its helper reads under its own lock, or a lock of its function
// runs before it.
func lockedCheck(op *Op, ops []*Op) bool {
	if op.Locks || op.Summary != nil && op.Summary.LockedRead {
		return true
	}
	return slices.ContainsFunc(ops, func(l *Op) bool { return l.Locks && l.Fn == op.Fn && ssautil.Before(l.Instr, op.Instr) })
}

// handedOutGated reports whether an effect's call sends a local variable
// of its function that only closures of that function set, each store
// gated.
func handedOutGated(e *Op, gated func(ssa.Instruction) bool) bool {
	call, ok := e.Instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	for _, a := range call.Common().Args {
		load, ok := Unwrap(a).(*ssa.UnOp)
		if !ok {
			continue
		}
		if alloc, ok := load.X.(*ssa.Alloc); ok && alloc.Parent() == e.Fn && closureStoresGated(alloc, gated) {
			return true
		}
	}
	return false
}

// closureStoresGated reports whether every store into alloc is made by a
// closure that captured it, on a gated path, and there is at least one.
func closureStoresGated(alloc *ssa.Alloc, gated func(ssa.Instruction) bool) bool {
	stores := 0
	for _, ref := range *alloc.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr == alloc {
				return false // set by the function itself
			}
		case *ssa.MakeClosure:
			fn := r.Fn.(*ssa.Function)
			for i, b := range r.Bindings {
				if b != alloc {
					continue
				}
				for _, fref := range *fn.FreeVars[i].Referrers() {
					if st, ok := fref.(*ssa.Store); ok && st.Addr == fn.FreeVars[i] {
						if !gated(st) {
							return false
						}
						stores++
					}
				}
			}
		}
	}
	return stores > 0
}
