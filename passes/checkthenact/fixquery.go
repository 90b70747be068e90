package checkthenact

import (
	"go/ast"
	"go/token"
	"go/types"
)

// queryLiteral returns the string literal an INSERT's text argument is:
// the literal itself, or, for the common
//
//	query := `INSERT INTO icons (hash) VALUES ($1)`
//	err := tx.QueryRow(query, hash).Scan(&id)
//
// the literal a local variable is set to, when it is set once and the call
// is its only use; an edit of that literal then changes this insert and
// nothing else. Any other argument (a constant shared by several
// statements, a built string) has no literal the fix may edit.
func (f *fixer) queryLiteral(arg ast.Expr) *ast.BasicLit {
	switch a := arg.(type) {
	case *ast.BasicLit:
		if a.Kind == token.STRING {
			return a
		}
	case *ast.Ident:
		v, ok := f.pass.TypesInfo.Uses[a].(*types.Var)
		if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
			return nil
		}
		return f.onlyValue(v, a)
	}
	return nil
}

// onlyValue returns the string literal v is declared with, when that is
// v's one assignment and use is its one use.
func (f *fixer) onlyValue(v *types.Var, use *ast.Ident) *ast.BasicLit {
	var value *ast.BasicLit
	sets, uses := 0, 0
	assigned := map[*ast.Ident]bool{}
	ast.Inspect(f.file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := lhs.(*ast.Ident)
				if !ok || (f.pass.TypesInfo.Defs[id] != v && f.pass.TypesInfo.Uses[id] != v) {
					continue
				}
				assigned[id] = true
				sets++
				if len(n.Rhs) == len(n.Lhs) {
					value, _ = n.Rhs[i].(*ast.BasicLit)
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if f.pass.TypesInfo.Defs[name] == v {
					sets++
					if len(n.Values) == len(n.Names) {
						value, _ = n.Values[i].(*ast.BasicLit)
					}
				}
			}
		case *ast.Ident:
			if f.pass.TypesInfo.Uses[n] == v && !assigned[n] {
				uses++
			}
		}
		return true
	})
	if sets != 1 || uses != 1 || value == nil || value.Kind != token.STRING {
		return nil
	}
	return value
}
