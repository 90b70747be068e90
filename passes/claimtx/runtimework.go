package claimtx

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// The runtime's claim.Do (and DoTx, and the database/sql flavour) runs
// the caller's work on the transaction that holds the claim and stores
// the outcome: everything the work writes commits or rolls back with the
// claim. A write the work sends through another handle (the pool a
// closure captured, a repository built on it) commits on its own: when
// the work then fails, the claim rolls back, the retry runs the work
// again, and that write happens twice. An external call inside the work
// is the same mistake with a provider instead of a table. Committing the
// handed-in transaction ends the claim's transaction under the runtime.

// runtimeWorkArg returns the index, among a call's arguments (receiver
// excluded), of the work function a runtime/claim call runs on its
// transaction, or -1.
func runtimeWorkArg(f *types.Func) int {
	if f == nil || f.Pkg() == nil || f.Signature().Recv() == nil {
		return -1
	}
	named, _ := types.Unalias(derefType(f.Signature().Recv().Type())).(*types.Named)
	if named == nil {
		return -1
	}
	switch recv := named.Obj().Name(); {
	case f.Pkg().Path() == apis.RuntimeClaimPkg && (recv == "Claimer" || recv == "SQLClaimer") && f.Name() == "Do":
		return 3 // ctx, key, fingerprint, fn
	case f.Pkg().Path() == apis.RuntimeClaimPkg && (recv == "Claimer" || recv == "SQLClaimer") && f.Name() == "DoTx":
		return 4 // ctx, tx, key, fingerprint, fn
	case f.Pkg().Path() == apis.RuntimeInboxPkg && recv == "Inbox" && f.Name() == "Process":
		return 2 // ctx, msg, handler(ctx, tx, msg)
	}
	return -1
}

func derefType(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// checkRuntimeWork reports, in every work function handed to the runtime
// in this package (claim.Do's work, the handler behind the HTTP
// middleware, directly or through a router), the writes on another
// handle, the external effects, the commits of the handed-in transaction
// and the claims of the same key nested inside.
func checkRuntimeWork(pass *analysis.Pass, model *dataaccess.Result) {
	w := &workChecker{pass: pass, model: model, checked: make(map[*ssa.Function]bool)}
	for _, fn := range model.SSA().SrcFuncs {
		for call, f := range ssautil.StaticCalls(fn) {
			common := call.Common()
			if i := runtimeWorkArg(f); i >= 0 && i+1 < len(common.Args) {
				if work := workFunction(model, common.Args[i+1]); work != nil && len(work.Params) >= 2 {
					w.check(workName(f), work, work.Params[1])
					if k := runtimeKeyArg(f); k >= 0 {
						reportNestedClaims(pass, work, common.Args[k+1], common.Args[i+1])
					}
				}
			}
			if isMiddlewareWrap(f) && len(common.Args) == 2 {
				if handler := workFunction(model, common.Args[1]); handler != nil {
					w.check(wrappedHandler, handler, nil)
				}
			}
		}
		w.checkRoutes(fn, nil)
	}
}

// wrappedHandler names, in messages, a handler the HTTP middleware runs.
const wrappedHandler = "the handler behind idemhttp's Middleware.Wrap"

// A workChecker checks each work function once: a handler registered on
// two routes, or a named work function given to two claims, is one body.
type workChecker struct {
	pass    *analysis.Pass
	model   *dataaccess.Result
	checked map[*ssa.Function]bool
}

func (w *workChecker) check(who string, work *ssa.Function, tx *ssa.Parameter) {
	if w.checked[work] {
		return
	}
	w.checked[work] = true
	checkWork(w.pass, w.model, who, work, tx)
}

// runtimeKeyArg returns the index, among a call's arguments (receiver
// excluded), of the key a runtime/claim call claims, or -1.
func runtimeKeyArg(f *types.Func) int {
	switch runtimeWorkArg(f) {
	case 3: // Do(ctx, key, fingerprint, fn)
		return 1
	case 4: // DoTx(ctx, tx, key, fingerprint, fn)
		return 2
	}
	return -1
}

// workName names the work a runtime call runs, for messages.
func workName(f *types.Func) string {
	if f.Pkg().Path() == apis.RuntimeInboxPkg {
		return "the handler given to the inbox's Process"
	}
	return "the work given to claim's " + f.Name()
}

// isMiddlewareWrap reports whether f is idemhttp's (*Middleware).Wrap.
func isMiddlewareWrap(f *types.Func) bool {
	if f == nil || f.Pkg() == nil || f.Pkg().Path() != apis.RuntimeHTTPPkg || f.Name() != "Wrap" {
		return false
	}
	recv := f.Signature().Recv()
	named, _ := types.Unalias(derefType(recv.Type())).(*types.Named)
	return recv != nil && named != nil && named.Obj().Name() == "Middleware"
}

// workFunction returns the function a func or handler value names: a
// closure, a package-level function, or a method value
// (http.HandlerFunc(h.Create)).
func workFunction(model *dataaccess.Result, v ssa.Value) *ssa.Function {
	switch v := dataaccess.Unwrap(v).(type) { // a literal converted to claim.Func or http.HandlerFunc
	case *ssa.MakeClosure:
		fn, _ := v.Fn.(*ssa.Function)
		if fn != nil && len(v.Bindings) == 1 && fn.Synthetic != "" {
			// A bound method wrapper: the method itself.
			if m, ok := fn.Object().(*types.Func); ok {
				return model.SSA().Pkg.Prog.FuncValue(m)
			}
		}
		return fn
	case *ssa.Function:
		return v
	}
	return nil
}

// checkWork reports what work does outside the transaction the runtime
// handed it: tx, its parameter, or, for an HTTP handler, the one
// idemhttp.Tx returns (tx nil). who names the work in messages.
func checkWork(pass *analysis.Pass, model *dataaccess.Result, who string, work *ssa.Function, tx *ssa.Parameter) {
	use, url := "idemhttp.Tx(r.Context())", apis.RuntimeHTTPURL
	if tx != nil {
		use, url = tx.Name(), apis.RuntimeClaimURL
	}
	reportSelfAcks(pass, who, work)
	for _, op := range model.ByFunc[work] {
		switch {
		case tx != nil && op.Kind == apis.Commit && op.Handle.Path.Base == tx:
			pass.Report(analysis.Diagnostic{
				Pos:     op.Pos(),
				Message: fmt.Sprintf("%s commits the transaction the runtime handed in: the claim and the stored outcome are the runtime's to commit, with the work's writes (return instead, and the runtime commits)", who),
				URL:     url,
			})
		case isTableWrite(op) && onPool(op):
			d := analysis.Diagnostic{
				Pos:     op.Pos(),
				Message: fmt.Sprintf("a write inside %s runs on %s, not on the transaction the runtime handed in: it commits on its own, so when the work fails after it and the claim rolls back, the retry writes it again (run it on %s)", who, handleName(pass, op), use),
				URL:     url,
			}
			if fix := onHandedInTx(pass, op, tx); fix != nil {
				d.SuggestedFixes = []analysis.SuggestedFix{*fix}
			}
			pass.Report(d)
		case op.Kind == apis.Effect || op.Summary != nil && op.Summary.Acts:
			pass.Report(analysis.Diagnostic{
				Pos:     op.Pos(),
				Message: fmt.Sprintf("an external effect inside %s: the transaction can still roll back after the provider applied it, and the retry repeats it (record the intent and call the provider through runtime/effect, which reuses one downstream key)", who),
				URL:     apis.RuntimeEffectURL,
			})
		}
	}
}

// onPool reports whether a write runs on a pool or database handle, which
// can never be the transaction: directly, or through a helper that writes
// on one it holds or was passed.
func onPool(op *dataaccess.Op) bool { return op.Handle.Kind == apis.HandlePool }

// handleName names the handle a write runs on for the message: as the
// code spells it, or the helper that holds it.
func handleName(pass *analysis.Pass, op *dataaccess.Op) string {
	if op.Summary != nil && op.Callee != nil {
		return "a pool (through " + op.Callee.Name() + ")"
	}
	if call := callAt(pass, op.Pos()); call != nil {
		if h, _ := handleExpr(pass, op, call); h != nil {
			return "the pool " + types.ExprString(h)
		}
	}
	return "a pool"
}

// reportSelfAcks reports acknowledgements inside work: the runtime's
// transaction, which records the message as handled, may still roll
// back, and the broker would then not redeliver a message that was never
// recorded.
func reportSelfAcks(pass *analysis.Pass, who string, work *ssa.Function) {
	for _, b := range work.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if isAckCall(call.Common()) {
				pass.Report(analysis.Diagnostic{
					Pos:     call.Pos(),
					Message: fmt.Sprintf("%s acknowledges the message itself, while the transaction that records it can still roll back: the broker would not redeliver a message that was never recorded (ack after the runtime call returns)", who),
					URL:     apis.RuntimeInboxURL,
				})
			}
		}
	}
}

// isAckCall reports whether c acknowledges a message: a method of a
// broker's message type, called on the value or through an interface.
func isAckCall(c *ssa.CallCommon) bool {
	if c.IsInvoke() {
		return apis.IsAck(c.Method)
	}
	if callee := c.StaticCallee(); callee != nil {
		f, _ := callee.Object().(*types.Func)
		return f != nil && apis.IsAck(f)
	}
	return false
}
