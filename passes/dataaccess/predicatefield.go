package dataaccess

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/passutil"
)

// A record's predicate method (func (u *User) IsLocalUser() bool { return
// u.Issuer == IssuerLocal }) tests one of its fields: a status gate on
// u.IsLocalUser() moves only with a write of Issuer, and a write of the
// password leaves it where it was. The gate's package often sees no body
// of the method (it is the record's package's), so a fact carries the
// field. It is read from the syntax, for every package, the fast path's
// included: a package of records and their methods accesses no data.

// PredicateField is the fact exported for a method that takes nothing,
// returns a bool, and whose body returns an expression over one field of
// its receiver, constants and package-level names.
type PredicateField struct{ Field string }

func (*PredicateField) AFact()           {}
func (f *PredicateField) String() string { return "tests " + f.Field }

// PredicateFieldOf returns the field a record's predicate method tests,
// or "" when it is no such predicate or its package is not known.
func (r *Result) PredicateFieldOf(f *types.Func) string {
	if r.predicateFieldOf == nil || f == nil {
		return ""
	}
	return r.predicateFieldOf(f.Origin())
}

// exportPredicateFields finds the package's predicate methods, exports
// their facts, and returns the lookup PredicateFieldOf uses.
func exportPredicateFields(pass *analysis.Pass) func(*types.Func) string {
	local := map[*types.Func]string{}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, _ := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if field := predicateField(pass.TypesInfo, fd); obj != nil && field != "" {
				local[obj] = field
				passutil.ExportObjectFact(pass, obj, &PredicateField{Field: field})
			}
		}
	}
	return func(f *types.Func) string {
		if f.Pkg() == pass.Pkg {
			return local[f]
		}
		var fact PredicateField
		if f.Pkg() != nil && pass.ImportObjectFact(f, &fact) {
			return fact.Field
		}
		return ""
	}
}

// predicateField returns the one receiver field a predicate method's
// single return tests, or "".
func predicateField(info *types.Info, fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || fd.Body == nil ||
		fd.Type.Params.NumFields() != 0 || fd.Type.Results.NumFields() != 1 || len(fd.Body.List) != 1 {
		return ""
	}
	if t := info.TypeOf(fd.Type.Results.List[0].Type); t == nil || !types.Identical(t, types.Typ[types.Bool]) {
		return ""
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return ""
	}
	recv := info.Defs[fd.Recv.List[0].Names[0]]
	if recv == nil || !isRecord(recv.Type()) {
		return ""
	}
	field, plain := "", true
	ast.Inspect(ret.Results[0], func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr, *ast.ParenExpr, *ast.BasicLit, nil:
			return true
		case *ast.UnaryExpr:
			plain = plain && n.Op == token.NOT
			return true
		case *ast.Ident:
			// a constant or a package-level name; the receiver alone is
			// the record, not a field of it
			plain = plain && info.Uses[n] != recv
			return false
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok && info.Uses[id] == recv {
				if sel := info.Selections[n]; sel != nil && sel.Kind() == types.FieldVal && (field == "" || field == n.Sel.Name) {
					field = n.Sel.Name
					return false
				}
				plain = false
				return false
			}
			_, isConst := info.Uses[n.Sel].(*types.Const)
			plain = plain && isConst // pkg.Const
			return false
		default:
			plain = false // a call, an index, a conversion: more than a field
			return false
		}
	})
	if !plain {
		return ""
	}
	return field
}
