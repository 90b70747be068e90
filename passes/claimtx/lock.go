package claimtx

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// releasedAfter reports whether the redis key the claim sets is deleted
// again on every path from the write to a return, directly or by a
// deferred call: SETNX used as a mutex around the write, not as a claim
// that outlives it. A delete on the error path only (releasing the claim
// when the write fails) still leaves a crash between the two unprotected.
func releasedAfter(model *dataaccess.Result, claim, write event, evs []event) bool {
	release := map[*ssa.BasicBlock][]ssa.Instruction{}
	for _, e := range evs {
		if !deletesKey(e.op, claim.op) || e.runner != nil {
			continue
		}
		if _, deferred := e.at.(*ssa.Defer); deferred && ssautil.Before(claim.at, e.at) {
			return true
		}
		release[e.at.Block()] = append(release[e.at.Block()], e.at)
	}
	if deferredRelease(model, claim) {
		return true
	}
	for _, r := range unlockCalls(claim) {
		if _, deferred := r.(*ssa.Defer); deferred && ssautil.Before(claim.at, r) {
			return true
		}
		release[r.Block()] = append(release[r.Block()], r)
	}
	if len(release) == 0 {
		return false
	}
	// The write's own block: a release after the write covers every path.
	for _, r := range release[write.at.Block()] {
		if ssautil.Before(write.at, r) {
			return true
		}
	}
	seen := map[*ssa.BasicBlock]bool{}
	var escapes func(b *ssa.BasicBlock) bool
	escapes = func(b *ssa.BasicBlock) bool {
		if seen[b] {
			return false
		}
		seen[b] = true
		if len(release[b]) > 0 {
			return false
		}
		if len(b.Succs) == 0 {
			if len(b.Instrs) == 0 {
				return false
			}
			_, returns := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			return returns
		}
		for _, s := range b.Succs {
			if escapes(s) {
				return true
			}
		}
		return false
	}
	for _, s := range write.at.Block().Succs {
		if escapes(s) {
			return false
		}
	}
	return true
}

// deferredRelease reports whether the claim's function defers a closure
// that deletes the claimed key: defer func() { rdb.Del(ctx, key) }().
func deferredRelease(model *dataaccess.Result, claim event) bool {
	fn := claim.at.Parent()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			d, ok := instr.(*ssa.Defer)
			if !ok || !ssautil.Before(claim.at, d) {
				continue
			}
			lit := ssautil.FuncValue(d.Call.Value)
			if lit == nil {
				continue
			}
			for _, op := range model.ByFunc[lit] {
				if deletesKey(op, claim.op) {
					return true
				}
			}
		}
	}
	return false
}

// deletesKey reports whether op deletes the redis key claim sets.
func deletesKey(op, claim *dataaccess.Op) bool {
	return op.Kind == apis.Delete && op.Resource.Key != nil &&
		dataaccess.SameResource(op.Resource, claim.Resource)
}

// unlockCalls returns the calls of the claim's function to an unlock or
// release helper (unlock, releaseLock, Unlock through a Lua script) that
// take the claimed key as an argument.
func unlockCalls(claim event) []ssa.Instruction {
	key := claim.op.Resource.Key
	if key == nil {
		return nil
	}
	var calls []ssa.Instruction
	for _, b := range claim.at.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || !namesUnlock(call.Common()) {
				continue
			}
			for _, a := range call.Common().Args {
				if dataaccess.SameValue(a, key) {
					calls = append(calls, instr)
					break
				}
			}
		}
	}
	return calls
}

func namesUnlock(c *ssa.CallCommon) bool {
	var name string
	switch {
	case c.IsInvoke():
		name = c.Method.Name()
	case c.StaticCallee() != nil:
		name = c.StaticCallee().Name()
	default:
		return false
	}
	name = strings.ToLower(name)
	return strings.HasPrefix(name, "unlock") || strings.HasPrefix(name, "release")
}
