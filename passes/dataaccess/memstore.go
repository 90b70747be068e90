package dataaccess

import (
	"golang.org/x/tools/go/ssa"
)

// receiverStoreOp reports whether op is the operation of an in-process
// store's method: a map (or sync.Map) in a field of fn's receiver, keyed
// by one of fn's parameters, a plain map guarded by the receiver's own
// mutex. Such a method is the store's check or insert for its callers:
// tokens.Exists(k), then tokens.Set(k), are two steps under two locks, and
// two callers can both pass the check (a one-time captcha solution used
// twice). Any other map a function touches is its own bookkeeping
// (summarizeFunc), and so is a store whose key is no parameter: without a
// key, two methods of one type cannot be told apart from a check and an
// insert of one row.
func receiverStoreOp(fn *ssa.Function, op *Op) bool {
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 || op.Resource.Key == nil {
		return false
	}
	store := op.Resource.Container
	if store.Base != fn.Params[0] || store.Fields == "" || paramIndex(fn, rootPath(op.Resource.Key)) < 0 {
		return false
	}
	switch op.Instr.(type) {
	case *ssa.Lookup, *ssa.MapUpdate:
		return locksReceiver(fn)
	}
	return true // a sync.Map's own methods
}

// locksReceiver reports whether fn locks a mutex held in its receiver
// (s.mu.Lock(), s.mu.RLock()).
func locksReceiver(fn *ssa.Function) bool {
	locks, _ := MutexCalls(fn)
	for _, l := range locks {
		if l.Path.Base == fn.Params[0] {
			return true
		}
	}
	return false
}

// MutexCall is a Lock/RLock or Unlock/RUnlock call, and the mutex it
// names by path (d.mu).
type MutexCall struct {
	Instr ssa.Instruction
	Path  Path
}

// MutexCalls lists the Lock/RLock and Unlock/RUnlock calls of fn; deferred
// unlocks run at return and never release between a check and a write.
func MutexCalls(fn *ssa.Function) (locks, unlocks []MutexCall) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			f := call.Common().StaticCallee()
			var name string
			var recv ssa.Value
			switch {
			case call.Common().IsInvoke():
				name, recv = call.Common().Method.Name(), call.Common().Value
			case f != nil && f.Signature.Recv() != nil && len(call.Common().Args) > 0:
				name, recv = f.Name(), call.Common().Args[0]
			default:
				continue
			}
			mc := MutexCall{Instr: call, Path: rootPath(recv)}
			switch name {
			case "Lock", "RLock":
				locks = append(locks, mc)
			case "Unlock", "RUnlock":
				unlocks = append(unlocks, mc)
			}
		}
	}
	return locks, unlocks
}
