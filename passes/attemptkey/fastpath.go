package attemptkey

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// mayMatter is the fast path. A package has nothing to report or export
// unless it can mint a key (it imports a key source, or calls time.Now),
// runs code per delivery or per attempt (a messaging or retry library,
// the runtime claim API, a loop of its own that retries a func it is
// given), refers to a function with a fact, has its data access modelled
// (claims are key sinks), names a key (a field, parameter or setter, or
// an idempotency-key header), or sets a flag.
func mayMatter(pass *analysis.Pass, model *dataaccess.Result) bool {
	if passutil.IsDependencyCode(pass) {
		return false
	}
	if !retryNames.Empty() || !keyHeaders.Empty() {
		return true
	}
	for _, imp := range pass.Pkg.Imports() {
		path := imp.Path()
		// Nearly every package imports time for its types: time.Now is
		// looked for as a call below.
		if path != "time" && isSourcePackage(path) || isDeliveryPackage(path) ||
			apis.IsMessagePackage(path) || apis.IsRetryPackage(path) || path == apis.RuntimeClaimPkg {
			return true
		}
	}
	return model.Modelled() || passutil.RefersToFactObject(pass) || namesKeyOrClock(pass) || retriesFuncParam(pass)
}

// retriesFuncParam reports whether the package may hold a retry helper of
// its own: a loop that calls, or hands on, a func parameter returning an
// error (an attempt reports failure; a pager's callback returns a bool).
func retriesFuncParam(pass *analysis.Pass) bool {
	insp := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	attempts := map[types.Object]bool{}
	insp.Preorder([]ast.Node{(*ast.FuncType)(nil)}, func(n ast.Node) {
		for _, field := range n.(*ast.FuncType).Params.List {
			for _, name := range field.Names {
				if v, ok := pass.TypesInfo.Defs[name].(*types.Var); ok && isAttemptFunc(v.Type()) {
					attempts[v] = true
				}
			}
		}
	})
	if len(attempts) == 0 {
		return false
	}
	isAttempt := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && attempts[pass.TypesInfo.Uses[id]]
	}
	found := false
	insp.WithStack([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push || found {
			return false
		}
		call := n.(*ast.CallExpr)
		if !isAttempt(call.Fun) && !slices.ContainsFunc(call.Args, isAttempt) {
			return true
		}
		for _, outer := range stack {
			switch outer.(type) {
			case *ast.ForStmt, *ast.RangeStmt:
				found = true
			}
		}
		return true
	})
	return found
}

// isAttemptFunc reports whether t is a func type whose last result is an
// error.
func isAttemptFunc(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Results().Len() == 0 {
		return false
	}
	last := sig.Results().At(sig.Results().Len() - 1).Type()
	return types.Identical(last, types.Universe.Lookup("error").Type())
}

// namesKeyOrClock reports whether the package calls time.Now, or refers
// to a field, parameter or setter whose name says it holds a key
// (IdempotencyKey, SetClientToken), or spells an idempotency-key header.
func namesKeyOrClock(pass *analysis.Pass) bool {
	for _, objs := range []map[*ast.Ident]types.Object{pass.TypesInfo.Uses, pass.TypesInfo.Defs} {
		for _, obj := range objs {
			switch obj := obj.(type) {
			case *types.Func:
				if obj.Pkg() != nil && mintFuncs[obj.Pkg().Path()][obj.Name()] {
					return true
				}
				if setter, ok := strings.CutPrefix(obj.Name(), "Set"); ok && isKeyName(setter) {
					return true
				}
			case *types.Var:
				if isKeyName(obj.Name()) {
					return true
				}
			case *types.Const:
				if v := obj.Val(); v.Kind() == constant.String && isKeyHeaderName(constant.StringVal(v)) {
					return true
				}
			}
		}
	}
	found := false
	pass.ResultOf[inspect.Analyzer].(*inspector.Inspector).Preorder([]ast.Node{(*ast.BasicLit)(nil)}, func(n ast.Node) {
		lit := n.(*ast.BasicLit)
		if !found && lit.Kind == token.STRING {
			if v := pass.TypesInfo.Types[lit].Value; v != nil && isKeyHeaderName(constant.StringVal(v)) {
				found = true
			}
		}
	})
	return found
}
