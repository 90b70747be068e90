package checkthenact

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"reflect"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/passutil"
	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A count is often handed to a policy function of its own that compares
// it with the plan's allowance and answers with an error:
//
//	n, _ := q.CountDomains(ctx, workspaceID)
//	if err := policy.CheckAllowance(n, limits.DomainsMax); err != nil {
//		return err
//	}
//	q.InsertDomain(ctx, ...)
//
// The comparison is in another package, often one with no data access at
// all, so the fact is found from the syntax: a function with a numeric
// parameter compared by an ordering, that returns an error (a nil one on
// one side) or the comparison's bool.

// BoundCheck says that a function compares its parameter Param (receiver
// excluded) with a bound and returns its verdict: an error, or a bool.
type BoundCheck struct {
	Param int
	Where string // the function and its comparison: "CheckAllowance (gate.go:12)"
}

func (*BoundCheck) AFact() {}

func (b *BoundCheck) String() string { return fmt.Sprintf("boundcheck(%d: %s)", b.Param, b.Where) }

// boundCheckFacts exports BoundCheck facts, a pass of its own for the
// same reason as passedGateFacts.
var boundCheckFacts = &analysis.Analyzer{
	Name:       "checkthenactbounds",
	Doc:        "export the functions that compare a numeric parameter with a bound and return the verdict",
	Requires:   []*analysis.Analyzer{dataaccess.Analyzer},
	Run:        exportBoundChecks,
	FactTypes:  []analysis.Fact{(*BoundCheck)(nil)},
	ResultType: reflect.TypeOf(boundChecksOf(nil)),
}

// boundChecksOf is boundCheckFacts's result: the bound checks this
// package's code may call, its own and imported.
type boundChecksOf map[types.Object]*BoundCheck

func exportBoundChecks(pass *analysis.Pass) (any, error) {
	out := boundChecksOf{}
	for _, file := range pass.Files {
		if passutil.InTestFile(pass.Fset, file.Pos()) {
			continue
		}
		for _, d := range file.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
			if !ok {
				continue
			}
			if fact := boundCheckOf(pass, fn, decl); fact != nil {
				out[fn] = fact
				pass.ExportObjectFact(fn, fact)
			}
		}
	}
	model := pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)
	if len(model.Ops) == 0 {
		return out, nil // nothing here counts: the imported checks are not asked for
	}
	for obj, fact := range passutil.ImportedFuncFacts[BoundCheck](pass, model.SSA().SrcFuncs) {
		out[obj] = fact
	}
	return out, nil
}

// boundCheckOf returns the fact for fn when its verdict is an ordering
// of one of its numeric parameters: a bool result that returns it, or an
// error result that is nil on some return and not on another.
func boundCheckOf(pass *analysis.Pass, fn *types.Func, decl *ast.FuncDecl) *BoundCheck {
	sig := fn.Type().(*types.Signature)
	res := sig.Results()
	byError := res.Len() > 0 && ssautil.IsError(res.At(res.Len()-1).Type())
	byBool := res.Len() == 1 && types.Identical(res.At(0).Type().Underlying(), types.Typ[types.Bool])
	if !byError && !byBool || byError && !returnsNilAndNot(decl.Body) {
		return nil
	}
	for i := range sig.Params().Len() {
		param := sig.Params().At(i)
		if !isNumber(param.Type()) {
			continue
		}
		if cmp := orderingOf(pass, decl.Body, param, byBool); cmp != nil {
			pos := pass.Fset.Position(cmp.Pos())
			return &BoundCheck{Param: i, Where: fmt.Sprintf("%s (%s:%d)", fn.Name(), filepath.Base(pos.Filename), pos.Line)}
		}
	}
	return nil
}

// orderingOf returns an ordering of param (or of a conversion of it) that
// an if of body tests, or, for a bool verdict, that a return hands back.
func orderingOf(pass *analysis.Pass, body *ast.BlockStmt, param *types.Var, byBool bool) *ast.BinaryExpr {
	var found *ast.BinaryExpr
	ast.Inspect(body, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		var cond ast.Expr
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			cond = n.Cond
		case *ast.ReturnStmt:
			if byBool && len(n.Results) == 1 {
				cond = n.Results[0]
			}
		}
		if b, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && isOrdering(b.Op) && (refersTo(pass, b.X, param) || refersTo(pass, b.Y, param)) {
			found = b
		}
		return true
	})
	return found
}

func isOrdering(op token.Token) bool {
	return op == token.LSS || op == token.LEQ || op == token.GTR || op == token.GEQ
}

// refersTo reports whether e is the parameter, or a conversion of it
// (int64(allowed)).
func refersTo(pass *analysis.Pass, e ast.Expr, param *types.Var) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return pass.TypesInfo.Uses[e] == param
	case *ast.CallExpr:
		if tv, ok := pass.TypesInfo.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return refersTo(pass, e.Args[0], param)
		}
	}
	return false
}

// returnsNilAndNot reports whether body returns a nil error somewhere
// and something else somewhere: its verdict is the error.
func returnsNilAndNot(body *ast.BlockStmt) bool {
	var withNil, withOther bool
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				return true
			}
			if id, ok := ast.Unparen(n.Results[len(n.Results)-1]).(*ast.Ident); ok && id.Name == "nil" {
				withNil = true
			} else {
				withOther = true
			}
		}
		return true
	})
	return withNil && withOther
}
