package attemptkey

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

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
		// Nearly every package imports time for its types, so time is no
		// source package: time.Now is looked for as a call below.
		if isSourcePackage(path) || isDeliveryPackage(path) ||
			apis.IsMessagePackage(path) || apis.IsRetryPackage(path) || path == apis.RuntimeClaimPkg {
			return true
		}
	}
	return model.Modelled() || passutil.RefersToFactObject(pass, carriesKeys) || namesKeyOrClock(pass) || retriesFuncParam(pass)
}

// carriesKeys reports whether a fact can make a package matter by itself:
// a retry helper, or a function that mints a key or takes one to a sink.
// One that only passes its argument through (aws.String) matters where a
// source or a sink is, which the other tests find.
func carriesKeys(f analysis.Fact) bool {
	k, ok := f.(*KeyFunc)
	return !ok || k.Mints || k.MintsIntoSink || len(k.KeyParams) > 0 || len(k.DedupParams) > 0
}

// retriesFuncParam reports whether the package may hold a retry helper of
// its own: a loop that calls, or hands on, a func parameter returning an
// error (an attempt reports failure; a pager's callback returns a bool).
func retriesFuncParam(pass *analysis.Pass) bool {
	attempts := map[types.Object]bool{}
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			if fn, ok := n.(*ast.FuncType); ok {
				for _, field := range fn.Params.List {
					for _, name := range field.Names {
						if v, ok := pass.TypesInfo.Defs[name].(*types.Var); ok && isAttemptFunc(v.Type()) {
							attempts[v] = true
						}
					}
				}
			}
			return true
		})
	}
	if len(attempts) == 0 {
		return false
	}
	isAttempt := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && attempts[pass.TypesInfo.Uses[id]]
	}
	found := false
	for _, file := range pass.Files {
		ast.PreorderStack(file, nil, func(n ast.Node, stack []ast.Node) bool {
			if found {
				return false
			}
			call, ok := n.(*ast.CallExpr)
			if !ok || !isAttempt(call.Fun) && !slices.ContainsFunc(call.Args, isAttempt) {
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
	}
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

// namesKeyOrClock reports whether the package calls time.Now or a key
// setter (SetIdempotencyKey), uses a parameter or variable whose name says
// it holds a key, stores into such a field outside the field's own
// setter, or spells an idempotency-key header. (A declaration that is
// never used reaches no sink: the uses are enough.)
func namesKeyOrClock(pass *analysis.Pass) bool {
	for _, obj := range pass.TypesInfo.Uses {
		switch obj := obj.(type) {
		case *types.Func:
			if apis.MintOf(obj) != apis.NoMint {
				return true
			}
			if setter, ok := strings.CutPrefix(obj.Name(), "Set"); ok && apis.IsIdempotencyKeyName(setter) {
				return true
			}
		case *types.Var:
			if !obj.IsField() && apis.IsIdempotencyKeyName(obj.Name()) {
				return true
			}
		case *types.Const:
			if isKeyHeaderConst(obj) {
				return true
			}
		}
	}
	// A store into a key field (reading one, as a validator does, is no
	// sink), or a header's name spelled out.
	storesKey := func(id *ast.Ident) bool {
		v, ok := pass.TypesInfo.Uses[id].(*types.Var)
		return ok && v.IsField() && apis.IsIdempotencyKeyName(v.Name()) && !inKeySetter(pass, id.Pos())
	}
	found := false
	visit := func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && storesKey(sel.Sel) {
					found = true
				}
			}
		case *ast.CompositeLit:
			for _, elt := range n.Elts {
				if kv, ok := elt.(*ast.KeyValueExpr); ok {
					if id, ok := kv.Key.(*ast.Ident); ok && storesKey(id) {
						found = true
					}
				}
			}
		case *ast.BasicLit:
			if v := pass.TypesInfo.Types[n].Value; n.Kind == token.STRING && v != nil && isKeyHeaderName(constant.StringVal(v)) {
				found = true
			}
		}
		return true
	}
	for _, file := range pass.Files {
		ast.Inspect(file, visit)
	}
	return found
}

func isKeyHeaderConst(c *types.Const) bool {
	v := c.Val()
	return v.Kind() == constant.String && isKeyHeaderName(constant.StringVal(v))
}

// inKeySetter reports whether pos lies in a method named like a key's
// setter (SetClientToken). Generated API types set their key fields there
// (the AWS SDK declares thousands), which makes no key flow of the
// package's own: a caller's key reaches the setter by its name.
func inKeySetter(pass *analysis.Pass, pos token.Pos) bool {
	file := passutil.FileOf(pass, pos)
	if file == nil {
		return false
	}
	i, _ := slices.BinarySearchFunc(file.Decls, pos, func(d ast.Decl, p token.Pos) int { return cmp.Compare(d.End(), p) })
	if i == len(file.Decls) || file.Decls[i].Pos() > pos {
		return false
	}
	fn, ok := file.Decls[i].(*ast.FuncDecl)
	if !ok || fn.Recv == nil {
		return false
	}
	setter, ok := strings.CutPrefix(fn.Name.Name, "Set")
	return ok && apis.IsIdempotencyKeyName(setter)
}
