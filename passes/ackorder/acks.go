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
	Call     string // the ack it performs, for messages: "Delivery.Ack"
	Response bool   // the ack is an HTTP success response to the client
}

func (*Acks) AFact() {}

func (a *Acks) String() string {
	if a.Response {
		return "responds " + a.Call
	}
	return "acks " + a.Call
}

// ack is one call that acknowledges a message: a library ack or a call of
// a function with the Acks fact.
type ack struct {
	call   ssa.CallInstruction
	fn     *ssa.Function
	name   string // "Delivery.Ack", or the helper's name
	helper bool   // a call of a function that acks
	// response is set when the ack is an HTTP success response, which
	// tells the client its request is done as an ack tells a broker.
	response bool
}

// ackCalls lists the acks fn performs itself.
func ackCalls(pass *analysis.Pass, fn *ssa.Function, local map[*ssa.Function]ack) []ack {
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
			case apis.IsSuccessResponse(call.Common(), f):
				acks = append(acks, ack{call: call, fn: fn, name: qualifiedName(f), response: true})
			default:
				if helper, ok := ackingFunc(pass, call.Common(), f, local); ok {
					acks = append(acks, ack{call: call, fn: fn, name: f.Name(), helper: true, response: helper.Response})
				}
			}
		}
	}
	return acks
}

// ackingFunc returns the ack f, called by c, performs: a function of this
// package found to ack, or one of another package with the fact.
func ackingFunc(pass *analysis.Pass, c *ssa.CallCommon, f *types.Func, local map[*ssa.Function]ack) (*Acks, bool) {
	if f.Pkg() == pass.Pkg {
		if callee := c.StaticCallee(); callee != nil {
			if a, ok := local[callee]; ok {
				return &Acks{Call: a.name, Response: a.response}, true
			}
		}
		return nil, false
	}
	fact := new(Acks)
	return fact, pass.ImportObjectFact(f, fact)
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

// mayAck is the fast path: a package that imports no messaging or HTTP
// library and refers to no function that acks cannot ack a message or
// answer a request.
func mayAck(pass *analysis.Pass) bool {
	if passutil.IsDependencyCode(pass) {
		return false
	}
	for _, imp := range pass.Pkg.Imports() {
		if apis.IsAckPackage(imp.Path()) || apis.IsResponsePackage(imp.Path()) {
			return true
		}
	}
	return passutil.RefersToFactObject(pass, nil)
}
