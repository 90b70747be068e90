package ackorder

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"

	"github.com/idemvet/idemvet/internal/passutil"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// suggestFix moves the ack after the check of the commit's error (or of
// the error of the call that runs the transaction callback), when that is
// mechanical: the ack is a statement of its own, at the top level of the
// block that commits (or of the callback), everything it names is still in
// scope there, and the commit's error is checked by the statement that
// commits, by the if right after it, or returned.
func suggestFix(pass *analysis.Pass, f *finding) *analysis.SuggestedFix {
	var target token.Pos
	switch f.how {
	case beforeCommit:
		target = f.commit.Pos()
	case inCallback:
		target = f.runner.Pos()
	default:
		return nil
	}
	file := passutil.FileOf(pass, f.ack.call.Pos())
	if file == nil {
		return nil
	}
	ackStmt, ackList := stmtInList(file, f.ack.call.Pos())
	commitStmt, commitList := stmtInList(file, target)
	if ackStmt == nil || commitStmt == nil || !movable(ackStmt) {
		return nil
	}
	if f.how == beforeCommit && (ackList != commitList || ackStmt.Pos() > commitStmt.Pos()) {
		return nil
	}
	if f.how == inCallback && !isCallbackBody(file, ackList, target) {
		return nil
	}
	src, err := pass.ReadFile(pass.Fset.File(file.Pos()).Name())
	if err != nil {
		return nil
	}
	tf := pass.Fset.File(file.Pos())
	text := func(from, to token.Pos) []byte { return src[tf.Offset(from):tf.Offset(to)] }
	delFrom, delTo := wholeLines(tf, ackStmt)
	// The ack moves with the rest of its line: a trailing comment is about it.
	ackText := bytes.TrimRight(text(ackStmt.Pos(), delTo), "\n")

	if ret, ok := commitStmt.(*ast.ReturnStmt); ok {
		// return tx.Commit(ctx) → if err := tx.Commit(ctx); err != nil { return err }; ack; return nil
		if len(ret.Results) != 1 || !returnsOnlyError(pass, file, ret) || !inScope(pass, ackStmt, ret.Pos()) {
			return nil
		}
		call := ret.Results[0]
		inside := delFrom >= call.Pos() && delTo <= call.End() // the ack is in the callback
		callText := text(call.Pos(), call.End())
		if inside {
			callText = append(append([]byte(nil), text(call.Pos(), delFrom)...), text(delTo, call.End())...)
		}
		var b bytes.Buffer
		b.WriteString("if err := ")
		b.Write(callText)
		b.WriteString("; err != nil {\nreturn err\n}\n")
		b.Write(ackText)
		b.WriteString("\nreturn nil")
		edits := []analysis.TextEdit{{Pos: ret.Pos(), End: ret.End(), NewText: b.Bytes()}}
		if !inside {
			edits = append([]analysis.TextEdit{{Pos: delFrom, End: delTo}}, edits...)
		}
		return &analysis.SuggestedFix{Message: "Acknowledge the message after the commit succeeds", TextEdits: edits}
	}
	end := checkedEnd(pass, commitStmt, commitList)
	if !end.IsValid() || !inScope(pass, ackStmt, end) {
		return nil
	}
	return &analysis.SuggestedFix{
		Message: "Acknowledge the message after the commit succeeds",
		TextEdits: []analysis.TextEdit{
			{Pos: delFrom, End: delTo},
			{Pos: end, End: end, NewText: append([]byte("\n"), ackText...)},
		},
	}
}

// stmtInList returns the statement containing pos that is an element of a
// statement list (a block), and that list.
func stmtInList(file *ast.File, pos token.Pos) (ast.Stmt, *ast.BlockStmt) {
	path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	for i, n := range path {
		if i+1 >= len(path) {
			break
		}
		if s, ok := n.(ast.Stmt); ok {
			if blk, ok := path[i+1].(*ast.BlockStmt); ok {
				return s, blk
			}
		}
	}
	return nil, nil
}

// movable reports whether a statement can move without changing anything
// around it: a call statement, an assignment to blank, or an if whose
// init holds the call.
func movable(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ExprStmt:
		return true
	case *ast.AssignStmt:
		for _, l := range s.Lhs {
			if id, ok := l.(*ast.Ident); !ok || id.Name != "_" {
				return false
			}
		}
		return true
	case *ast.IfStmt:
		return s.Init != nil
	}
	return false
}

// isCallbackBody reports whether list is the body of the function literal
// passed to the call at runner.
func isCallbackBody(file *ast.File, list *ast.BlockStmt, runner token.Pos) bool {
	path, _ := astutil.PathEnclosingInterval(file, list.Pos(), list.End())
	for i, n := range path {
		if lit, ok := n.(*ast.FuncLit); ok && lit.Body == list && i+1 < len(path) {
			call, ok := path[i+1].(*ast.CallExpr)
			return ok && call.Lparen == runner
		}
	}
	return false
}

// wholeLines extends a statement to the lines it occupies, newline
// included, so that deleting it leaves no blank line.
func wholeLines(tf *token.File, s ast.Stmt) (token.Pos, token.Pos) {
	from := tf.LineStart(tf.Line(s.Pos()))
	last := tf.Line(s.End())
	if last < tf.LineCount() {
		return from, tf.LineStart(last + 1)
	}
	return from, s.End()
}

// checkedEnd returns where the check of the error of the commit statement
// s ends: s itself when it is `if err := tx.Commit(); err != nil {...}`, or
// the if that follows `err := tx.Commit()` and tests err. NoPos otherwise.
func checkedEnd(pass *analysis.Pass, s ast.Stmt, list *ast.BlockStmt) token.Pos {
	switch s := s.(type) {
	case *ast.IfStmt:
		return s.End()
	case *ast.AssignStmt:
		if len(s.Lhs) != 1 {
			return token.NoPos
		}
		id, ok := s.Lhs[0].(*ast.Ident)
		if !ok {
			return token.NoPos
		}
		obj := pass.TypesInfo.ObjectOf(id)
		for i, x := range list.List {
			if x != s || i+1 >= len(list.List) {
				continue
			}
			if next, ok := list.List[i+1].(*ast.IfStmt); ok && next.Init == nil && mentions(pass, next.Cond, obj) {
				return next.End()
			}
		}
	}
	return token.NoPos
}

func mentions(pass *analysis.Pass, e ast.Expr, obj types.Object) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && pass.TypesInfo.Uses[id] == obj {
			found = true
		}
		return !found
	})
	return found
}

// inScope reports whether every local name the statement uses is declared
// before pos in a scope that contains it.
func inScope(pass *analysis.Pass, s ast.Stmt, pos token.Pos) bool {
	ok := true
	ast.Inspect(s, func(n ast.Node) bool {
		id, isID := n.(*ast.Ident)
		if !isID || !ok {
			return ok
		}
		obj := pass.TypesInfo.Uses[id]
		if obj == nil || obj.Pkg() != pass.Pkg || obj.Parent() == nil || obj.Parent() == pass.Pkg.Scope() {
			return true
		}
		if obj.Pos() >= s.Pos() && obj.Pos() < s.End() {
			return true // declared by the statement itself
		}
		if !obj.Parent().Contains(pos) || obj.Pos() > pos {
			ok = false
		}
		return ok
	})
	return ok
}

// returnsOnlyError reports whether the function around ret returns just
// an error.
func returnsOnlyError(pass *analysis.Pass, file *ast.File, ret *ast.ReturnStmt) bool {
	path, _ := astutil.PathEnclosingInterval(file, ret.Pos(), ret.End())
	for _, n := range path {
		var ft *ast.FuncType
		switch fn := n.(type) {
		case *ast.FuncLit:
			ft = fn.Type
		case *ast.FuncDecl:
			ft = fn.Type
		default:
			continue
		}
		if ft.Results == nil || len(ft.Results.List) != 1 || len(ft.Results.List[0].Names) > 1 {
			return false
		}
		return types.Identical(pass.TypesInfo.TypeOf(ft.Results.List[0].Type), types.Universe.Lookup("error").Type())
	}
	return false
}
