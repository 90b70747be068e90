package attemptkey

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// hoist builds the fix that mints the key once, before the retry: it moves
// `key := <mint>` from the top level of the loop body or retried function
// literal to just before the loop or the statement that calls the helper,
// or, for a key minted inside an expression, declares it there
// (hoistInline). It applies only when that is mechanical: the statement
// declares one variable that is never reassigned, its operands are
// available before the retry and unchanged by it, it calls nothing but key
// sources and pure functions, and the name is free where it lands.
func (a *checker) hoist(mint inspector.Cursor, rc *retryContext) (analysis.SuggestedFix, bool) {
	var none analysis.SuggestedFix
	stmtCur, ok := enclosingStmt(mint)
	if !ok {
		return none, false
	}
	if fix, ok := a.hoistStatement(stmtCur, rc); ok {
		return fix, true
	}
	return a.hoistInline(mint, rc)
}

// hoistStatement moves the statement `key := <mint>` itself, when the
// mint is on a statement of its own at the top level of the retry.
func (a *checker) hoistStatement(stmtCur inspector.Cursor, rc *retryContext) (analysis.SuggestedFix, bool) {
	var none analysis.SuggestedFix
	assign, ok := stmtCur.Node().(*ast.AssignStmt)
	if !ok || assign.Tok != token.DEFINE || len(assign.Lhs) != 1 || len(assign.Rhs) != 1 {
		return none, false
	}
	id, ok := assign.Lhs[0].(*ast.Ident)
	if !ok || id.Name == "_" {
		return none, false
	}
	region, anchor, ok := a.hoistTarget(stmtCur, rc)
	if !ok {
		return none, false
	}
	info := a.pass.TypesInfo
	if assigned(region.Node(), info, info.Defs[id]) || !a.hoistable(assign.Rhs[0], region.Node(), anchor.Node().Pos()) {
		return none, false
	}
	if !a.nameFree(id.Name, anchor.Node().Pos()) {
		return none, false
	}
	return a.moveEdits(assign, anchor.Node())
}

// enclosingStmt returns the innermost statement around c.
func enclosingStmt(c inspector.Cursor) (inspector.Cursor, bool) {
	for p := c.Parent(); p.Valid(); p = p.Parent() {
		if _, ok := p.Node().(ast.Stmt); ok {
			return p, true
		}
	}
	return inspector.Cursor{}, false
}

// hoistTarget returns the retry construct (the loop or the function
// literal) whose body holds stmt at top level, and the statement before
// which the minting statement moves.
func (a *checker) hoistTarget(stmt inspector.Cursor, rc *retryContext) (region, anchor inspector.Cursor, ok bool) {
	body := stmt.Parent()
	if _, isBlock := body.Node().(*ast.BlockStmt); !isBlock {
		return region, anchor, false
	}
	region = body.Parent()
	switch n := region.Node().(type) {
	case *ast.ForStmt, *ast.RangeStmt:
		if rc.loop == nil || rc.loop.stmt != n {
			return region, anchor, false
		}
		anchor = region
		if _, labeled := anchor.Parent().Node().(*ast.LabeledStmt); labeled {
			anchor = anchor.Parent()
		}
		return region, anchor, inStatementList(anchor)
	case *ast.FuncLit:
		if rc.loop != nil || rc.fn.Syntax() != n {
			return region, anchor, false
		}
		for p := region.Parent(); p.Valid(); p = p.Parent() {
			if _, isStmt := p.Node().(ast.Stmt); isStmt && inStatementList(p) {
				return region, p, true
			}
			if _, isFunc := p.Node().(*ast.FuncLit); isFunc {
				break
			}
		}
	}
	return region, anchor, false
}

// inStatementList reports whether a statement sits in a block or a case
// clause, where another statement can be inserted before it.
func inStatementList(c inspector.Cursor) bool {
	switch c.Parent().Node().(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
		return true
	}
	return false
}

// assigned reports whether obj is assigned, incremented or has its
// address taken anywhere in node.
func assigned(node ast.Node, info *types.Info, obj types.Object) bool {
	if obj == nil {
		return true
	}
	uses := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == obj
	}
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				found = found || uses(l)
			}
		case *ast.IncDecStmt:
			found = found || uses(n.X)
		case *ast.UnaryExpr:
			found = found || n.Op == token.AND && uses(n.X)
		case *ast.RangeStmt:
			found = found || n.Tok == token.ASSIGN && (n.Key != nil && uses(n.Key) || n.Value != nil && uses(n.Value))
		}
		return !found
	})
	return found
}

// hoistable reports whether expr can be evaluated before the retry
// instead of inside it: every local variable it reads is declared before
// the anchor and not changed in region, and every call is to a key source
// or a pure function.
func (a *checker) hoistable(expr ast.Expr, region ast.Node, before token.Pos) bool {
	info := a.pass.TypesInfo
	ok := true
	ast.Inspect(expr, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.Ident:
			v, isVar := info.Uses[n].(*types.Var)
			if isVar && v.Pkg() != nil && v.Parent() != v.Pkg().Scope() && !v.IsField() {
				ok = ok && v.Pos() < before && !assigned(region, info, v)
			}
		case *ast.CallExpr:
			if tv, isConv := info.Types[n.Fun]; isConv && tv.IsType() {
				break
			}
			ok = ok && a.pureOrSource(typeutil.Callee(info, n))
		}
		return ok
	})
	return ok
}

// pureOrSource reports whether a call of obj only mints or formats.
func (a *checker) pureOrSource(obj types.Object) bool {
	f, ok := obj.(*types.Func)
	if !ok || f.Pkg() == nil {
		return false
	}
	path := f.Pkg().Path()
	if n := recvNamed(f); n != nil && n.Obj().Pkg() != nil {
		path = n.Obj().Pkg().Path()
	}
	switch path {
	case "fmt", "strings", "strconv", "encoding/hex", "encoding/base64", "encoding/base32", "time":
		return true
	}
	if isSourcePackage(path) {
		return true
	}
	k := a.facts.keyFunc(f)
	return k != nil && k.Mints
}

// nameFree reports whether name can be declared just before pos without
// shadowing or clashing with another declaration.
func (a *checker) nameFree(name string, pos token.Pos) bool {
	scope := a.pass.Pkg.Scope().Innermost(pos - 1)
	if scope == nil {
		return false
	}
	if scope.Lookup(name) != nil {
		return false
	}
	_, obj := scope.LookupParent(name, pos)
	return obj == nil
}

// moveEdits deletes stmt (with its line, when it is alone on it) and
// inserts it, on its own line, before anchor.
func (a *checker) moveEdits(stmt ast.Stmt, anchor ast.Node) (analysis.SuggestedFix, bool) {
	var none analysis.SuggestedFix
	tf, src, indent, ok := a.sourceBefore(stmt, anchor)
	if !ok {
		return none, false
	}
	start, end := tf.Offset(stmt.Pos()), tf.Offset(stmt.End())
	// A statement alone on its line leaves with the line and its trailing
	// comment.
	delStart, delEnd, moved := start, end, string(src[start:end])
	ls := lineStart(src, start)
	le := strings.IndexByte(string(src[end:]), '\n')
	if le >= 0 && strings.TrimSpace(string(src[ls:start])) == "" {
		rest := strings.TrimSpace(string(src[end : end+le]))
		if rest == "" || strings.HasPrefix(rest, "//") {
			delStart, delEnd = ls, end+le+1
			moved = strings.TrimRight(string(src[start:end+le]), " \t\r")
		}
	}
	text := moved + "\n" + string(indent)
	return analysis.SuggestedFix{
		Message: "Mint the key once, before the retry",
		TextEdits: []analysis.TextEdit{
			{Pos: anchor.Pos(), End: anchor.Pos(), NewText: []byte(text)},
			{Pos: tf.Pos(delStart), End: tf.Pos(delEnd)},
		},
	}, true
}

// sourceBefore returns the file of node, its source, and the indentation
// of anchor's line, when anchor starts its line (so that a statement can
// be inserted on a line of its own before it).
func (a *checker) sourceBefore(node, anchor ast.Node) (tf *token.File, src, indent []byte, ok bool) {
	tf = a.pass.Fset.File(node.Pos())
	if tf == nil || a.pass.ReadFile == nil {
		return nil, nil, nil, false
	}
	src, err := a.pass.ReadFile(tf.Name())
	if err != nil || tf.Size() != len(src) {
		return nil, nil, nil, false
	}
	at := tf.Offset(anchor.Pos())
	indent = src[lineStart(src, at):at]
	return tf, src, indent, strings.TrimSpace(string(indent)) == ""
}

func lineStart(src []byte, off int) int {
	return strings.LastIndexByte(string(src[:off]), '\n') + 1
}
