package attemptkey

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
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
// the runtime claim API), refers to a function with a fact, has its data
// access modelled (claims are key sinks), names a key (a field, parameter
// or setter, or an idempotency-key header), or sets a flag.
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
	return model.Modelled() || passutil.RefersToFactObject(pass) || namesKeyOrClock(pass)
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
