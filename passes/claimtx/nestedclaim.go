package claimtx

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// reportNestedClaims reports, inside the work a claim runs, a claim of the
// same key: the outer claim holds the key until its transaction ends, so
// the inner one finds it in progress every time (after waiting out its lock
// timeout in blocking mode), and the work fails on every attempt. workArg
// is the work as the outer call passed it, whose captured variables say
// which of the work's free variables is the outer key.
func reportNestedClaims(pass *analysis.Pass, work *ssa.Function, key, workArg ssa.Value) {
	closure, _ := dataaccess.Unwrap(workArg).(*ssa.MakeClosure) // a literal converted to claim.Func
	for call, f := range ssautil.StaticCalls(work) {
		common := call.Common()
		if k := runtimeKeyArg(f); k >= 0 && k+1 < len(common.Args) && sameKey(common.Args[k+1], key, work, closure) {
			pass.Report(analysis.Diagnostic{
				Pos:     call.Pos(),
				Message: "a claim of the same key inside the work of its own claim: the outer claim holds the key until its transaction ends, so this one always finds it in progress (ErrInProgress, in blocking mode after its lock timeout) and the work fails on every attempt (claim a key of its own, or run the inner work directly on tx)",
				URL:     apis.RuntimeClaimURL,
			})
		}
	}
}

// sameKey reports whether inner, a value in work, is the outer call's key:
// the same value, or the free variable the work's closure bound to it
// (captured by value, or by reference and read again).
func sameKey(inner, outer ssa.Value, work *ssa.Function, closure *ssa.MakeClosure) bool {
	if inner == outer {
		return true
	}
	if load, ok := inner.(*ssa.UnOp); ok {
		if outerLoad, ok := outer.(*ssa.UnOp); ok && load.Op == outerLoad.Op {
			return sameKey(load.X, outerLoad.X, work, closure)
		}
	}
	fv, ok := inner.(*ssa.FreeVar)
	if !ok || closure == nil || closure.Fn != work {
		return false
	}
	for i, v := range work.FreeVars {
		if v == fv && i < len(closure.Bindings) {
			return closure.Bindings[i] == outer
		}
	}
	return false
}
