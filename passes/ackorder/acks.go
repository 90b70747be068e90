package ackorder

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// Acks is the fact exported for a function that acknowledges a message,
// directly or through the functions it calls, and does not do it too early
// itself: a call of it is an ack to its caller.
type Acks struct {
	Call string // the ack it performs, for messages: "Delivery.Ack"
}

func (*Acks) AFact() {}

func (a *Acks) String() string { return "acks " + a.Call }

// ack is one call that acknowledges a message: a library ack or a call of
// a function with the Acks fact.
type ack struct {
	call   ssa.CallInstruction
	fn     *ssa.Function
	name   string // "Delivery.Ack", or the helper's name
	helper bool   // a call of a function that acks
}

// ackCalls lists the acks fn performs itself.
func ackCalls(pass *analysis.Pass, fn *ssa.Function, local map[*ssa.Function]string) []ack {
	var acks []ack
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			f := dataaccess.Callee(call.Common())
			if f == nil {
				continue
			}
			switch {
			case apis.IsAck(f):
				acks = append(acks, ack{call: call, fn: fn, name: qualifiedName(f)})
			case ackingFunc(pass, call.Common(), f, local):
				acks = append(acks, ack{call: call, fn: fn, name: f.Name(), helper: true})
			}
		}
	}
	return acks
}

// ackingFunc reports whether f, called by c, acks: a function of this
// package found to ack, or one of another package with the fact.
func ackingFunc(pass *analysis.Pass, c *ssa.CallCommon, f *types.Func, local map[*ssa.Function]string) bool {
	if f.Pkg() == pass.Pkg {
		if callee := c.StaticCallee(); callee != nil {
			_, ok := local[callee]
			return ok
		}
		return false
	}
	return pass.ImportObjectFact(f, new(Acks))
}

// qualifiedName spells a method as Recv.Name.
func qualifiedName(f *types.Func) string {
	sig := f.Type().(*types.Signature)
	t := sig.Recv().Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name() + "." + f.Name()
	}
	return f.Name()
}

// mayAck is the fast path: a package that imports no messaging library
// and refers to no function that acks cannot ack a message.
func mayAck(pass *analysis.Pass) bool {
	if passutil.IsDependencyCode(pass) {
		return false
	}
	for _, imp := range pass.Pkg.Imports() {
		if apis.IsAckPackage(imp.Path()) {
			return true
		}
	}
	return passutil.RefersToFactObject(pass, nil)
}
