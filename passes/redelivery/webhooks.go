package redelivery

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// A webhook receiver is a consumer whose broker is the sender's retry
// loop: Stripe, GitHub, a carrier or a payment provider posts the event
// again when its delivery fails or times out, so a handler that adds to
// a balance or inserts a row per delivery does it once per attempt. The
// receiver is known by its name (apis.IsWebhookReceiverName) and its
// shape (an HTTP handler); the event's id is what the request's body or
// headers carry under an id-like name.

const webhookRedelivery = "the sender posts the webhook again when its delivery fails or times out (providers retry until they get a 2xx)"

// webhookHandler returns fn as the handler of a webhook, or nil: an HTTP
// handler (func(w, r), gin's and echo's context) whose name, or whose
// enclosing function's name for a handler literal it returns, says it
// receives one.
func webhookHandler(fn *ssa.Function) *handler {
	named := fn
	if fn.Parent() != nil {
		if !returnsHandler(fn.Parent()) {
			return nil // a literal in a webhook's routes may serve anything
		}
		named = fn.Parent()
	}
	if !apis.IsWebhookReceiverName(named.Name()) || !handlerShape(fn) {
		return nil
	}
	req := ssautil.RequestParam(fn)
	if req == nil {
		return nil
	}
	return &handler{fn: fn, msgs: map[ssa.Value]bool{req: true}, redelivery: webhookRedelivery, webhook: true}
}

// handlerShape reports whether fn has the signature of an HTTP handler:
// one framework context or a ResponseWriter and a Request, besides its
// receiver, and no result but an error. A lifecycle hook that takes the
// request among other things (a flow, an identity) is not one.
func handlerShape(fn *ssa.Function) bool {
	sig := fn.Signature
	if n := sig.Params().Len(); n < 1 || n > 2 {
		return false
	}
	res := sig.Results()
	return res.Len() == 0 || res.Len() == 1 && ssautil.IsError(res.At(0).Type())
}

// returnsHandler reports whether fn returns one handler: a func value or
// an http.Handler (BounceWebhook(db) http.HandlerFunc).
func returnsHandler(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	if res.Len() != 1 {
		return false
	}
	switch t := res.At(0).Type(); t.Underlying().(type) {
	case *types.Signature:
		return true
	case *types.Interface:
		return ssautil.HasMethod(t, "ServeHTTP")
	}
	return false
}

// declaresWebhookReceiver is the fast path's test for webhook receivers:
// a function of the package is named for one.
func declaresWebhookReceiver(pass *analysis.Pass) bool {
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && apis.IsWebhookReceiverName(fd.Name.Name) {
				return true
			}
		}
	}
	return false
}

// readGates reports whether a read of the handler's decides whether w
// runs (the order loaded and its status tested, the event looked up):
// a delivery repeated after the first one finished finds what the first
// wrote and stops there. Two deliveries at once both pass the test; that
// race is checkthenact's status gate, not a redelivery's.
func readGates(ops []write, w write) bool {
	for _, r := range ops {
		reads := r.op.Kind.IsCheck() || r.op.Summary != nil && r.op.Summary.Kind.IsCheck()
		v, ok := r.op.Instr.(ssa.Value)
		if !reads || !ok || r.at != r.op.Instr || r.op.Instr.Parent() != w.at.Parent() {
			continue
		}
		if ssautil.Gates(v, true, w.at) {
			return true
		}
	}
	return false
}
