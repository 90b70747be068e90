package attemptkey

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// inlineKeyName is the variable the inline fix declares for the key.
const inlineKeyName = "idempotencyKey"

// hoistInline builds the fix for a key minted inside an expression, the
// way most retry code writes it:
//
//	req.Header.Set("Idempotency-Key", uuid.NewString())
//	err := send(ctx, uuid.New().String())
//
// It declares idempotencyKey before the retry, minted by the largest
// expression around the mint that can move there, and puts the name in
// its place. No fix when what encloses that expression formats it with
// something the retry changes (fmt.Sprint(attempt, uuid.NewString())):
// the key would still differ per attempt.
func (a *checker) hoistInline(mint inspector.Cursor, rc *retryContext) (analysis.SuggestedFix, bool) {
	var none analysis.SuggestedFix
	region, anchor, ok := retryAround(mint, rc)
	if !ok {
		return none, false
	}
	before := anchor.Node().Pos()
	expr := mint
	if !a.hoistable(expr.Node().(ast.Expr), region.Node(), before) {
		return none, false
	}
	for p := expr.Parent(); ; p = p.Parent() {
		e, isExpr := p.Node().(ast.Expr)
		if !isExpr || !a.hoistable(e, region.Node(), before) {
			if isExpr && a.formats(e) {
				return none, false
			}
			break
		}
		expr = p
	}
	if !a.nameFree(inlineKeyName, before) || declaresName(region.Node(), inlineKeyName) {
		return none, false
	}
	return a.declareBefore(expr.Node().(ast.Expr), anchor.Node())
}

// retryAround returns the retry construct around c (the loop, or the
// function literal a helper retries) and the statement before which a
// key can be declared once for every attempt. A function literal between
// c and the loop (a goroutine per attempt) is no place to hoist from.
func retryAround(c inspector.Cursor, rc *retryContext) (region, anchor inspector.Cursor, ok bool) {
	for p := c.Parent(); p.Node() != nil; p = p.Parent() {
		switch n := p.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if rc.loop == nil || rc.loop.stmt != n {
				continue
			}
			anchor = p
			if _, labeled := anchor.Parent().Node().(*ast.LabeledStmt); labeled {
				anchor = anchor.Parent()
			}
			return p, anchor, inStatementList(anchor)
		case *ast.FuncLit:
			if rc.loop != nil || rc.fn.Syntax() != n {
				return region, anchor, false
			}
			for q := p.Parent(); q.Node() != nil; q = q.Parent() {
				if _, isStmt := q.Node().(ast.Stmt); isStmt && inStatementList(q) {
					return p, q, true
				}
				if _, isFunc := q.Node().(*ast.FuncLit); isFunc {
					break
				}
			}
			return region, anchor, false
		}
	}
	return region, anchor, false
}

// formats reports whether e builds a value from its operands the way a
// key is built (a call of fmt, strings or strconv, a concatenation), so
// that one operand's change per attempt changes the key.
func (a *checker) formats(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		return e.Op == token.ADD
	case *ast.CallExpr:
		return a.pureOrSource(typeutil.Callee(a.pass.TypesInfo, e))
	}
	return false
}

// declaresName reports whether node declares an identifier called name,
// which the fix's variable would be shadowed by.
func declaresName(node ast.Node, name string) bool {
	found := false
	ast.Inspect(node, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// declareBefore declares inlineKeyName := expr on its own line before
// anchor and replaces expr by the name.
func (a *checker) declareBefore(expr ast.Expr, anchor ast.Node) (analysis.SuggestedFix, bool) {
	var none analysis.SuggestedFix
	tf, src, indent, ok := a.sourceBefore(expr, anchor)
	if !ok {
		return none, false
	}
	text := inlineKeyName + " := " + string(src[tf.Offset(expr.Pos()):tf.Offset(expr.End())]) + "\n" + string(indent)
	return analysis.SuggestedFix{
		Message: "Mint the key once, before the retry",
		TextEdits: []analysis.TextEdit{
			{Pos: anchor.Pos(), End: anchor.Pos(), NewText: []byte(text)},
			{Pos: expr.Pos(), End: expr.End(), NewText: []byte(inlineKeyName)},
		},
	}, true
}
