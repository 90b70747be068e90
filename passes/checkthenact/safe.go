package checkthenact

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// serialised reports whether the database serialises the check with the
// write: the check locks its rows (SELECT ... FOR UPDATE), or the function
// (or the one whose transaction callback it is) takes an advisory or table
// lock, or locks a row, on a path to the check, or runs at SERIALIZABLE.
// A lock taken only after the check, or on another branch (the existing
// row's version locked when the check found it), serialises nothing.
// REPEATABLE READ is not enough: two snapshots taken before either insert
// both see the row absent, and PostgreSQL reports no conflict between two
// inserts of a new row.
func serialised(check *dataaccess.Op, ops []*dataaccess.Op) bool {
	if check.Locks {
		return true
	}
	scope := enclosing(check.Fn)
	for _, op := range ops {
		if !scope[op.Fn] {
			continue
		}
		if (op.Kind == apis.Lock || op.Locks) && mayPrecede(op, check) {
			return true
		}
		if op.Isolation == "serializable" {
			return true
		}
	}
	return false
}

// serialisesAbsence reports whether the database serialises a check for
// absence with the insert on its absent branch. Unlike a status gate, the
// check's own FOR UPDATE does not count: it locks no row when none is
// found (PostgreSQL; MySQL's gap lock turns the race into a deadlock), so
// two callers both pass it. A row lock taken before it on another
// resource (the parent account every competitor locks first) does.
func serialisesAbsence(check *dataaccess.Op, ops []*dataaccess.Op) bool {
	scope := enclosing(check.Fn)
	for _, op := range ops {
		if !scope[op.Fn] || op == check {
			continue
		}
		if op.Kind == apis.Lock && mayPrecede(op, check) || op.Isolation == "serializable" {
			return true
		}
		if op.Locks && !dataaccess.SameResource(check.Resource, op.Resource) && mayPrecede(op, check) {
			return true
		}
	}
	return false
}

// mayPrecede reports whether lock can run before check: in check's
// function, or in a function enclosing it before the closure that runs the
// check is made.
func mayPrecede(lock, check *dataaccess.Op) bool {
	if lock == check {
		return true
	}
	at, ok := locate(check.Instr, lock.Fn)
	return !ok || ssautil.Reachable(lock.Instr, at)
}

// enclosing returns fn and the functions it is nested in.
func enclosing(fn *ssa.Function) map[*ssa.Function]bool {
	set := map[*ssa.Function]bool{}
	for f := fn; f != nil; f = f.Parent() {
		set[f] = true
	}
	return set
}

// mutexHeldAcross reports whether a mutex locked before the check stays
// locked until the write: no Unlock of it can run between the two.
// found reports whether any mutex was locked before the check at all.
func mutexHeldAcross(check, write ssa.Instruction) (held, found bool) {
	if heldAroundClosure(check.Parent()) {
		return true, true
	}
	locks, unlocks := dataaccess.MutexCalls(check.Parent())
	for _, l := range locks {
		if !ssautil.Before(l.Instr, check) {
			continue
		}
		found = true
		if !releasedBetween(l, unlocks, check, write) {
			return true, true
		}
	}
	return false, found
}

// mutexHeldAt reports whether a mutex locked before instr is still held
// there: no unlock of it can run between the lock and instr.
func mutexHeldAt(instr ssa.Instruction) bool {
	locks, unlocks := dataaccess.MutexCalls(instr.Parent())
	for _, l := range locks {
		if ssautil.Before(l.Instr, instr) && !releasedBetween(l, unlocks, l.Instr, instr) {
			return true
		}
	}
	return false
}

// heldAroundClosure reports whether fn is a closure that runs, while
// its maker holds a mutex, inside the call it is handed to: mu.Lock();
// defer mu.Unlock(); db.Transaction(func(tx) { check; insert }). Every
// step in the closure is then under the lock. A closure that escapes to
// a goroutine, a defer or a variable may run after the unlock.
func heldAroundClosure(fn *ssa.Function) bool {
	for inner := fn; inner.Parent() != nil; inner = inner.Parent() {
		mc, ok := closureCreation(inner.Parent(), inner).(*ssa.MakeClosure)
		if !ok {
			return false
		}
		runs := syncCallsOf(mc)
		if len(runs) == 0 {
			return false
		}
		if !slices.ContainsFunc(runs, func(call *ssa.Call) bool { return !mutexHeldAt(call) }) {
			return true
		}
	}
	return false
}

// syncCallsOf returns the calls that run the closure mc before they
// return (dataaccess.RunsBeforeReturn), or nil when it has any other use
// (go, defer, a store, another callee) that could run it later.
func syncCallsOf(mc *ssa.MakeClosure) []*ssa.Call {
	var calls []*ssa.Call
	for _, ref := range *mc.Referrers() {
		call, ok := ref.(*ssa.Call)
		if !ok || !dataaccess.RunsBeforeReturn(call, mc.Fn.(*ssa.Function)) {
			return nil
		}
		calls = append(calls, call)
	}
	return calls
}

// releasedBetween reports whether an unlock of l's mutex can run after
// from and before to.
func releasedBetween(l dataaccess.MutexCall, unlocks []dataaccess.MutexCall, from, to ssa.Instruction) bool {
	for _, u := range unlocks {
		if u.Path.Equal(l.Path) && ssautil.Reachable(from, u.Instr) && ssautil.Reachable(u.Instr, to) {
			return true
		}
	}
	return false
}

// reportsError reports whether op is a call of the module's own code
// handed an error (WriteFlowError(w, r, f, err), a failure reporter):
// whatever it writes answers the failure, such as a new flow with an id
// of its own, and is no insert of the row the check missed.
func reportsError(op *dataaccess.Op) bool {
	c := op.Call()
	if c == nil || op.Summary == nil {
		return false
	}
	for _, a := range c.Args {
		if k, isConst := a.(*ssa.Const); isConst && k.IsNil() {
			continue
		}
		if ssautil.IsError(a.Type()) {
			return true
		}
	}
	return false
}

// memoizes reports whether the cache write stores what op returned, and
// op is one of two calls that running twice does no harm to tell:
//   - a call through an interface whose body this package cannot see: a
//     cache in front of a create (links[url] = id, id from
//     store.CreateLink(url)). Whether two creates make two rows is the
//     create's to say (an upsert returns the one row's id), and all this
//     package knows of it is its name;
//   - an HTTP GET or HEAD: a page fetched twice and cached twice (a POST's
//     answer kept under a key is an idempotency store, and races).
//
// An external effect's answer is never a memo: a charge's id kept under
// the request's key is an idempotency store, as a POST's answer is.
func memoizes(write, op *dataaccess.Op) bool {
	call, ok := op.Instr.(*ssa.Call)
	if !ok || op.SQL != nil {
		return false
	}
	var stored []ssa.Value
	switch w := write.Instr.(type) {
	case *ssa.MapUpdate:
		stored = []ssa.Value{w.Value}
	case *ssa.Call:
		stored = w.Call.Args // sync.Map's Store(key, value), a store's Put(key, page)
	}
	switch {
	case call.Call.IsInvoke() && op.Summary == nil && op.Kind != apis.Effect:
		for _, v := range stored {
			v = dataaccess.Unwrap(v)
			if ex, ok := v.(*ssa.Extract); ok {
				v = ex.Tuple
			}
			if v == call {
				return true
			}
		}
	case isSafeFetch(op):
		fetched := ssautil.DerivedFrom(call, true)
		for _, v := range stored {
			if fetched[v] {
				return true
			}
		}
	}
	return false
}

// isSafeFetch reports whether op is net/http's Get or Head, a client's or
// the package's: a read of a page, which HTTP makes safe to repeat.
func isSafeFetch(op *dataaccess.Op) bool {
	return op.Callee != nil && op.Callee.Pkg() != nil && op.Callee.Pkg().Path() == "net/http" &&
		(op.Callee.Name() == "Get" || op.Callee.Name() == "Head")
}

// readSerialised reports whether a read (a gate's record, a quantity, a
// token) holds a lock its twin waits for: it locks the row, runs after a
// lock op or in a serializable transaction, or after a lock helper.
func readSerialised(read *dataaccess.Op, ops []*dataaccess.Op) bool {
	return read.Locks || serialised(read, ops) || lockedByHelper(read)
}
