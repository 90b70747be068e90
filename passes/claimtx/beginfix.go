package claimtx

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/idemvet/idemvet/internal/passutil"
)

// A claim made on the pool just before the transaction begins commits on
// its own, though the transaction it should join opens one statement
// later:
//
//	if _, err := db.ExecContext(ctx, claimSQL, key); err != nil {  // autocommits
//		return err
//	}
//	tx, err := db.BeginTx(ctx, nil)
//	if err != nil {
//		return err
//	}
//	defer tx.Rollback()
//
// The fix moves the claim, with the statements right after it that use
// what it returned (its error, its rows affected), to after the Begin and
// the Begin's own error test and deferred Rollback, and runs it on tx.
// That is the same program only when nothing else runs between the claim
// and the Begin (it would run before the claim instead of after it), the
// Begin and its tests use nothing the claim set, and an early return
// among the moved statements leaves a deferred Rollback to end the
// transaction.

// moveAfterBegin returns the fix, or why the move is not mechanical.
func moveAfterBegin(pass *analysis.Pass, f *finding) (*analysis.SuggestedFix, string) {
	claimCall := callAt(pass, f.claim.op.Pos())
	writeCall := callAt(pass, f.write.op.Pos())
	beginCall := callAt(pass, f.begunAfter.Pos())
	if claimCall == nil || writeCall == nil || beginCall == nil {
		return nil, "the calls cannot be told apart in the source"
	}
	file := passutil.FileOf(pass, claimCall.Pos())
	block, at := enclosingStmt(file, claimCall)
	if block == nil || at < 0 || !claimIsStatement(block.List[at], claimCall) {
		return nil, "the claim is not a statement of its own"
	}
	beginAt := indexOf(block.List, beginCall.Pos())
	if beginAt <= at {
		return nil, "the Begin is not in the claim's block"
	}
	group := block.List[at:beginAt]
	claimVars := definedBy(pass, group)
	for _, s := range group[1:] {
		if !uses(pass, s, claimVars) {
			return nil, "a statement between the claim and the Begin would run before the claim"
		}
	}
	begin, ok := block.List[beginAt].(*ast.AssignStmt)
	if !ok || len(begin.Rhs) != 1 || ast.Unparen(begin.Rhs[0]) != beginCall {
		return nil, "the Begin is not an assignment of its own"
	}
	txExpr, _ := handleExpr(pass, f.write.op, writeCall)
	tx := txVarOf(pass, txExpr)
	if tx == nil || !assigns(pass, begin, tx) {
		return nil, "the write's transaction is not the variable the Begin sets"
	}
	beginVars := map[types.Object]bool{}
	for _, l := range begin.Lhs {
		if obj := pass.TypesInfo.ObjectOf(l.(*ast.Ident)); obj != nil {
			beginVars[obj] = true
		}
	}
	end, rollback := prologueEnd(pass, block.List, beginAt, tx, beginVars)
	for _, s := range block.List[beginAt:end] {
		for obj := range usedOf(pass, s, claimVars) {
			if !beginVars[obj] || begin.Tok != token.DEFINE {
				return nil, "the Begin uses what the claim set"
			}
		}
	}
	switch returns, jumps := leaves(group); {
	case jumps:
		return nil, "the claim's statements break out of a loop, which would leave the transaction open"
	case returns && !rollback:
		return nil, "the claim's statements return early, and no deferred Rollback would end the transaction"
	}
	insertAt := block.List[end-1].End()
	handle := handleForTx(pass, f.claim.op, claimCall, tx, insertAt)
	if handle == nil {
		return nil, fmt.Sprintf("%s has no call that takes the claim's handle", tx.Name())
	}
	moved, ok := movedText(pass, group, block.List[beginAt].Pos(), handle, tx, begin)
	if !ok {
		return nil, "the claim's statements cannot be read"
	}
	indent := lineIndent(pass, block.List[at].Pos())
	return &analysis.SuggestedFix{
		Message: fmt.Sprintf("Make the claim on %s after it begins", tx.Name()),
		TextEdits: []analysis.TextEdit{
			{Pos: group[0].Pos(), End: block.List[beginAt].Pos()},
			{Pos: insertAt, End: insertAt, NewText: []byte("\n" + indent + moved)},
		},
	}, ""
}

// claimIsStatement reports whether s is the claim call made as a
// statement: the call itself, an assignment of its results, or an if
// whose init is that assignment.
func claimIsStatement(s ast.Stmt, call *ast.CallExpr) bool {
	if ifs, ok := s.(*ast.IfStmt); ok {
		s = ifs.Init
	}
	switch s := s.(type) {
	case *ast.ExprStmt:
		return ast.Unparen(s.X) == call
	case *ast.AssignStmt:
		return len(s.Rhs) == 1 && ast.Unparen(s.Rhs[0]) == call
	}
	return false
}

// enclosingStmt returns the innermost block holding n, and the index of
// its statement that contains n.
func enclosingStmt(file *ast.File, n ast.Node) (*ast.BlockStmt, int) {
	if file == nil {
		return nil, -1
	}
	path, _ := astutil.PathEnclosingInterval(file, n.Pos(), n.End())
	for _, p := range path[1:] {
		if block, ok := p.(*ast.BlockStmt); ok {
			return block, indexOf(block.List, n.Pos())
		}
	}
	return nil, -1
}

// indexOf returns the index of the statement of list that contains pos.
func indexOf(list []ast.Stmt, pos token.Pos) int {
	for i, s := range list {
		if s.Pos() <= pos && pos < s.End() {
			return i
		}
	}
	return -1
}

// definedBy returns the variables the statements declare at their top
// level (res, err in `res, err := db.Exec(...)`).
func definedBy(pass *analysis.Pass, stmts []ast.Stmt) map[types.Object]bool {
	defs := map[types.Object]bool{}
	for _, s := range stmts {
		assign, ok := s.(*ast.AssignStmt)
		if !ok || assign.Tok != token.DEFINE {
			continue
		}
		for _, l := range assign.Lhs {
			if id, ok := l.(*ast.Ident); ok && pass.TypesInfo.Defs[id] != nil {
				defs[pass.TypesInfo.Defs[id]] = true
			}
		}
	}
	return defs
}

// usedOf returns the objects of set that n refers to.
func usedOf(pass *analysis.Pass, n ast.Node, set map[types.Object]bool) map[types.Object]bool {
	used := map[types.Object]bool{}
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && set[pass.TypesInfo.Uses[id]] {
			used[pass.TypesInfo.Uses[id]] = true
		}
		return true
	})
	return used
}

func uses(pass *analysis.Pass, n ast.Node, set map[types.Object]bool) bool {
	return len(usedOf(pass, n, set)) > 0
}

// txVarOf returns the variable a handle expression names.
func txVarOf(pass *analysis.Pass, e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := pass.TypesInfo.Uses[id].(*types.Var)
	return v
}

// assigns reports whether the assignment sets v.
func assigns(pass *analysis.Pass, a *ast.AssignStmt, v *types.Var) bool {
	for _, l := range a.Lhs {
		if id, ok := l.(*ast.Ident); ok && pass.TypesInfo.ObjectOf(id) == v {
			return true
		}
	}
	return false
}

// prologueEnd returns the index after the Begin's own prologue, the
// statements right after it that test its error (`if err != nil`) or defer
// the transaction's Rollback, and whether one of them is that Rollback.
func prologueEnd(pass *analysis.Pass, list []ast.Stmt, beginAt int, tx *types.Var, beginVars map[types.Object]bool) (end int, rollback bool) {
	end = beginAt + 1
	for ; end < len(list); end++ {
		switch s := list[end].(type) {
		case *ast.IfStmt:
			if s.Init != nil || s.Else != nil || !uses(pass, s.Cond, beginVars) {
				return end, rollback
			}
		case *ast.DeferStmt:
			sel, ok := ast.Unparen(s.Call.Fun).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "Rollback" || txVarOf(pass, sel.X) != tx {
				return end, rollback
			}
			rollback = true
		default:
			return end, rollback
		}
	}
	return end, rollback
}

// leaves reports whether the statements return, or jump with break,
// continue or goto, outside function literals.
func leaves(stmts []ast.Stmt) (returns, jumps bool) {
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				returns = true
			case *ast.BranchStmt:
				jumps = true
			}
			return true
		})
	}
	return returns, jumps
}

// movedText is the source of the claim's statements, up to the Begin
// (their trailing comments included), with the handle replaced by tx and
// a top-level := that would declare nothing new after the Begin (every
// name it sets the Begin already declared in the block) made an =.
func movedText(pass *analysis.Pass, group []ast.Stmt, until token.Pos, handle ast.Expr, tx *types.Var, begin *ast.AssignStmt) (string, bool) {
	tf := pass.Fset.File(group[0].Pos())
	src, err := pass.ReadFile(tf.Name())
	if err != nil {
		return "", false
	}
	declared := map[string]bool{}
	if begin.Tok == token.DEFINE {
		for _, l := range begin.Lhs {
			declared[l.(*ast.Ident).Name] = true
		}
	}
	type edit struct {
		pos, end token.Pos
		text     string
	}
	edits := []edit{{handle.Pos(), handle.End(), tx.Name()}}
	for _, s := range group {
		assign, ok := s.(*ast.AssignStmt)
		if !ok || assign.Tok != token.DEFINE {
			continue
		}
		redundant := true
		for _, l := range assign.Lhs {
			if id := l.(*ast.Ident); id.Name != "_" && !declared[id.Name] {
				redundant = false
			}
		}
		if redundant {
			edits = append(edits, edit{assign.TokPos, assign.TokPos + 2, "="})
		}
	}
	sort.Slice(edits, func(i, j int) bool { return edits[i].pos < edits[j].pos })
	var b strings.Builder
	from := tf.Offset(group[0].Pos())
	for _, e := range edits {
		b.Write(src[from:tf.Offset(e.pos)])
		b.WriteString(e.text)
		from = tf.Offset(e.end)
	}
	b.Write(src[from:tf.Offset(until)])
	return strings.TrimRight(b.String(), " \t\n"), true
}

// lineIndent returns the blanks that start pos's line.
func lineIndent(pass *analysis.Pass, pos token.Pos) string {
	tf := pass.Fset.File(pos)
	src, err := pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	line := src[tf.Offset(tf.LineStart(tf.Line(pos))):tf.Offset(pos)]
	return string(line)
}
