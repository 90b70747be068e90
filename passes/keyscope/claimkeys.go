package keyscope

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/ssautil"
)

// checkClaimKeys reports a runtime claim.Key literal whose Scope is a
// constant (or missing) in a function that has an owner in scope: every
// owner's keys then share one namespace.
func checkClaimKeys(pass *analysis.Pass, owners *owners) {
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				lit, ok := n.(*ast.CompositeLit)
				if !ok || !isClaimKey(pass.TypesInfo.TypeOf(lit)) {
					return true
				}
				scope, key := claimKeyParts(lit)
				if scope != nil {
					if _, constant := constString(pass, scope); !constant {
						return true
					}
				}
				if key != nil && mintedExpr(pass, key) {
					return true // a key the server minted is unique on its own
				}
				w := owners.of(fd)
				if w == nil {
					return true
				}
				what := "claim.Key has no Scope"
				if scope != nil {
					what = fmt.Sprintf("claim.Key's Scope is the constant %s", types.ExprString(scope))
				}
				pass.Report(analysis.Diagnostic{
					Pos: lit.Pos(),
					Message: fmt.Sprintf("%s while %s is in scope: every %s's keys share one namespace, and another %s reusing a key gets this one's stored result (set Scope to the %s; %s)",
						what, w.name, w.word, w.word, w.word, fixHint),
					URL: apis.RuntimeClaimURL,
				})
				return true
			})
		}
	}
}

// isClaimKey reports whether t is the runtime's claim.Key.
func isClaimKey(t types.Type) bool {
	n := ssautil.NamedOf(t)
	return n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == apis.RuntimeClaimPkg && n.Obj().Name() == "Key"
}

// claimKeyParts returns the Scope and Key expressions of a claim.Key
// literal, keyed or positional (Scope, Operation, Key); nil when absent.
func claimKeyParts(lit *ast.CompositeLit) (scope, key ast.Expr) {
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				switch id.Name {
				case "Scope":
					scope = kv.Value
				case "Key":
					key = kv.Value
				}
			}
			continue
		}
		switch i {
		case 0:
			scope = elt
		case 2:
			key = elt
		}
	}
	return scope, key
}

// mintedExpr reports whether e is a call of a mint (uuid.NewString()) or
// the String of one (uuid.New().String()).
func mintedExpr(pass *analysis.Pass, e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	f, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if f == nil {
		return false
	}
	if apis.MintOf(f) == apis.MintsUnique {
		return true
	}
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok && f.Name() == "String" && len(call.Args) == 0 {
		return mintedExpr(pass, sel.X)
	}
	return false
}
