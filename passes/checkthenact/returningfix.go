package checkthenact

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// An INSERT ... RETURNING scanned with QueryRow(...).Scan answers with
// the row it made. Made conditional (ON CONFLICT DO NOTHING RETURNING), a
// twin's insert makes no row, and Scan reports ErrNoRows: left alone, the
// loser of the race fails where it used to be told "already there". So
// the fix also answers that outcome the way the check's present branch
// does, when that branch is one return statement:
//
//	err = db.QueryRow(ctx, `INSERT ... ON CONFLICT (key) DO NOTHING RETURNING id`, key).Scan(&id)
//	if errors.Is(err, pgx.ErrNoRows) { // a twin inserted the row first
//		return 0, ErrTaken                  // what the present branch returns
//	}
//
// and, when that return hands back what the check read (return id, nil),
// with the check's own lookup run again first, so it reads the twin's row:
//
//	if errors.Is(err, pgx.ErrNoRows) {
//		err = db.QueryRow(ctx, `SELECT id FROM orders WHERE key = $1`, key).Scan(&id)
//		if err == nil {
//			return id, nil
//		}
//	}
//
// A conflict means the check would now find the row only when the unique
// key is exactly the columns the check looks up; otherwise, and for any
// other shape, there is no fix and the message says what to handle.

// returningFix returns the fix for a check and an INSERT ... RETURNING
// whose conflict target is target, or why there is none.
func (f *fixer) returningFix(check, write *dataaccess.Op, target []string, acts []*dataaccess.Op) (*analysis.SuggestedFix, string) {
	const manual = "no fix: with ON CONFLICT DO NOTHING a twin's insert returns no row, and Scan's ErrNoRows must then be answered as the check answers a found row"
	insert, assign, errVar := f.scannedInsert(write)
	if insert == nil {
		return nil, manual + "; the insert is not an `err = QueryRow(...).Scan(...)` statement here"
	}
	if !sameColumns(target, strings.Split(check.SQL.MatchColumns, ",")) {
		return nil, manual + ", and a conflict on the unique key (" + strings.Join(target, ", ") + ") does not mean the check (" + strings.ReplaceAll(check.SQL.MatchColumns, ",", ", ") + ") would find a row"
	}
	clause, ok := f.conflictBeforeReturning(write, insert, target)
	if !ok {
		return nil, byHand(target) + ", and answer Scan's ErrNoRows as the check answers a found row"
	}
	noRows, imports, ok := f.errNoRows(write)
	if !ok {
		return nil, manual + "; the no-row error of the insert's library cannot be named here"
	}
	checkCall, dests := f.scannedCheck(check)
	answer := f.presentReturn(check, assign.Pos())
	if answer == nil {
		if len(acts) == 0 && checkCall != nil && f.movableCall(checkCall, assign.Pos()) && f.joinsPresentPath(check, assign, errVar) {
			// The found row's path goes on past the insert's block:
			// read the twin's row as the check reads one, and go on.
			body := errVar + " = " + f.src(checkCall) + "\n"
			return f.noRowsFix(assign, errVar, noRows, body, "read the row as the check does", target, clause, imports), ""
		}
		return nil, manual + "; the check's present branch is not one return statement that can be repeated after the insert"
	}
	reread := ""
	if usesAny(f.pass.TypesInfo, answer, dests) {
		// The answer hands back what the check read: read it again.
		if len(acts) > 0 || checkCall == nil || !f.movableCall(checkCall, assign.Pos()) {
			return nil, manual + "; the present branch returns what the check read, and the check cannot be repeated after the insert here"
		}
		reread = errVar + " = " + f.src(checkCall) + "\nif " + errVar + " == nil {\n"
	}
	body := reread + f.text(answer.Pos(), answer.End()) + "\n"
	if reread != "" {
		body += "}\n"
	}
	return f.noRowsFix(assign, errVar, noRows, body, "answer as the check does when it finds one", target, clause, imports), ""
}

// noRowsFix is the fix that makes the insert conditional on target
// (clause) and puts after its statement an `if errors.Is(errVar, noRows)`
// block with body, whose comment says what it does (why).
func (f *fixer) noRowsFix(assign *ast.AssignStmt, errVar, noRows, body, why string, target []string, clause analysis.TextEdit, imports []analysis.TextEdit) *analysis.SuggestedFix {
	indent := f.text(f.lineStart(assign.Pos()), assign.Pos())
	text := "\n" + indent + "if errors.Is(" + errVar + ", " + noRows + ") { // a concurrent caller inserted the row first: " + why + "\n" + body + "}"
	text = strings.ReplaceAll(text, "\n", "\n"+indent+"\t")
	text = strings.ReplaceAll(text, "\n"+indent+"\t}", "\n"+indent+"}") // the closing brace at the if's indentation
	edits := append([]analysis.TextEdit{clause, {Pos: assign.End(), End: assign.End(), NewText: []byte(text)}}, imports...)
	return &analysis.SuggestedFix{
		Message:   "Make the INSERT conditional with ON CONFLICT (" + strings.Join(target, ", ") + ") DO NOTHING, and answer a twin's insert, which returns no row, as the check answers a found row",
		TextEdits: edits,
	}
}

// scannedInsert finds the insert as `errVar = q.QueryRow(...).Scan(...)`
// (or :=), a statement of its own.
func (f *fixer) scannedInsert(write *dataaccess.Op) (insert *ast.CallExpr, assign *ast.AssignStmt, errVar string) {
	insert, _ = f.callAt(write.Pos())
	if insert == nil {
		return nil, nil, ""
	}
	path, _ := astutil.PathEnclosingInterval(f.file, insert.Pos(), insert.End())
	if len(path) < 5 {
		return nil, nil, ""
	}
	sel, ok1 := path[1].(*ast.SelectorExpr)
	scan, ok2 := path[2].(*ast.CallExpr)
	assign, ok3 := path[3].(*ast.AssignStmt)
	if !ok1 || !ok2 || !ok3 || sel.Sel.Name != "Scan" || scan.Fun != sel || len(assign.Lhs) != 1 || len(assign.Rhs) != 1 || assign.Rhs[0] != scan {
		return nil, nil, ""
	}
	switch path[4].(type) {
	case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
	default:
		return nil, nil, "" // an if's or a for's init: no statement to follow it
	}
	id, ok := assign.Lhs[0].(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil, nil, ""
	}
	return insert, assign, id.Name
}

// conflictBeforeReturning is the edit that puts ON CONFLICT (target) DO
// NOTHING before the RETURNING of the insert's string literal, on a
// database that has it.
func (f *fixer) conflictBeforeReturning(write *dataaccess.Op, insert *ast.CallExpr, target []string) (analysis.TextEdit, bool) {
	for _, a := range insert.Args {
		lit := f.queryLiteral(a)
		if lit == nil {
			continue
		}
		text, err := strconv.Unquote(lit.Value)
		if err != nil || f.dialect(write, text) != onConflictDialect {
			continue
		}
		i := strings.LastIndex(strings.ToUpper(lit.Value), "RETURNING")
		if i < 0 {
			continue
		}
		at := lit.Pos() + token.Pos(i)
		return analysis.TextEdit{Pos: at, End: at, NewText: []byte("ON CONFLICT (" + strings.Join(target, ", ") + ") DO NOTHING ")}, true
	}
	return analysis.TextEdit{}, false
}

// errNoRows names the sentinel Scan returns for no row, per the insert's
// library (pgx's ErrNoRows, database/sql's for it and sqlx), with the
// imports the fix needs.
func (f *fixer) errNoRows(write *dataaccess.Op) (string, []analysis.TextEdit, bool) {
	pkg := write.Callee.Pkg().Path()
	sentinelPkg, name := "database/sql", "sql"
	if i := strings.Index(pkg, "jackc/pgx"); i >= 0 {
		root := pkg[:i+len("jackc/pgx")]
		if rest := pkg[len(root):]; strings.HasPrefix(rest, "/v") {
			major, _, _ := strings.Cut(rest[1:], "/")
			root += "/" + major
		}
		sentinelPkg, name = root, "pgx"
	} else if pkg != "database/sql" && !strings.Contains(pkg, "jmoiron/sqlx") {
		return "", nil, false
	}
	var edits []analysis.TextEdit
	local, edit, ok := f.importName(sentinelPkg, name)
	if !ok {
		return "", nil, false
	}
	if edit != nil {
		edits = append(edits, *edit)
	}
	errorsName, edit, ok := f.importName("errors", "errors")
	if !ok || errorsName != "errors" {
		return "", nil, false
	}
	if edit != nil {
		edits = append(edits, *edit)
	}
	return local + ".ErrNoRows", edits, true
}

// presentReturn returns the return statement the check's present branch
// is, when there is one such statement, its results can be evaluated at
// pos, and they hand back no error the code holds in a variable (the
// branch that returns the check's own error is its failure, not its
// "found").
func (f *fixer) presentReturn(check *dataaccess.Op, pos token.Pos) *ast.ReturnStmt {
	var found *ast.ReturnStmt
	for _, b := range presentBranches(check) {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(b.Preds) != 1 || !ret.Pos().IsValid() {
			continue
		}
		stmt := f.returnAt(ret.Pos())
		if stmt == nil || found == stmt || !onlyReturns(b, stmt) || !f.answerable(stmt, pos) {
			continue
		}
		if found != nil {
			return nil // two answers: which one a twin gets is not mechanical
		}
		found = stmt
	}
	return found
}

// onlyReturns reports whether block b does nothing but the return
// statement: what runs before it (a log line, an event) would be left out
// of a repeated answer.
func onlyReturns(b *ssa.BasicBlock, ret *ast.ReturnStmt) bool {
	for _, instr := range b.Instrs {
		if p := instr.Pos(); p.IsValid() && (p < ret.Pos() || p >= ret.End()) {
			return false
		}
	}
	return true
}

func (f *fixer) returnAt(pos token.Pos) *ast.ReturnStmt {
	path, _ := astutil.PathEnclosingInterval(f.file, pos, pos)
	for _, n := range path {
		if ret, ok := n.(*ast.ReturnStmt); ok && ret.Pos() == pos {
			return ret
		}
	}
	return nil
}

// answerable reports whether the return can be repeated at pos (its
// calls are the present branch's own, run as they would have been) and
// names no local error variable.
func (f *fixer) answerable(ret *ast.ReturnStmt, pos token.Pos) bool {
	if !f.inScopeAt(ret, pos) {
		return false
	}
	for _, r := range ret.Results {
		local := false
		ast.Inspect(r, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			v, isVar := f.pass.TypesInfo.Uses[id].(*types.Var)
			if isVar && v.Parent() != nil && v.Parent() != v.Pkg().Scope() && implementsError(v.Type()) {
				local = true
			}
			return !local
		})
		if local {
			return false
		}
	}
	return true
}

// scannedCheck returns the check's `q.QueryRow(...).Scan(&a, &b)` call and
// the variables it scans into.
func (f *fixer) scannedCheck(check *dataaccess.Op) (*ast.CallExpr, []types.Object) {
	call, _ := f.callAt(check.Pos())
	if call == nil {
		return nil, nil
	}
	path, _ := astutil.PathEnclosingInterval(f.file, call.Pos(), call.End())
	if len(path) < 3 {
		return nil, nil
	}
	sel, ok1 := path[1].(*ast.SelectorExpr)
	scan, ok2 := path[2].(*ast.CallExpr)
	if !ok1 || !ok2 || sel.Sel.Name != "Scan" || scan.Fun != sel {
		return nil, nil
	}
	var dests []types.Object
	for _, a := range scan.Args {
		if addr, ok := a.(*ast.UnaryExpr); ok && addr.Op == token.AND {
			if id, ok := addr.X.(*ast.Ident); ok && f.pass.TypesInfo.Uses[id] != nil {
				dests = append(dests, f.pass.TypesInfo.Uses[id])
			}
		}
	}
	return scan, dests
}

// movableCall reports whether a chain of method calls can be run again
// at pos: its receiver and every argument of every call in it can.
func (f *fixer) movableCall(call *ast.CallExpr, pos token.Pos) bool {
	for {
		for _, a := range call.Args {
			if !f.movable(a, pos) {
				return false
			}
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok {
			return f.movable(sel.X, pos)
		}
		call = inner
	}
}

// usesAny reports whether n refers to any of objs.
func usesAny(info *types.Info, n ast.Node, objs []types.Object) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && slices.Contains(objs, info.Uses[id]) {
			found = true
		}
		return !found
	})
	return found
}

// sameColumns reports whether two column lists name the same set.
func sameColumns(a, b []string) bool {
	return subset(a, b) && subset(b, a)
}
