package dataaccess

import (
	"golang.org/x/tools/go/ssa"
)

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
