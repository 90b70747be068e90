package checkthenact

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/idemvet/idemvet/internal/ssautil"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// A conditional insert alone silences the race on the row, but an act
// that follows it on the absent branch (charge, send, publish) still runs
// in both callers. The fix then also moves what follows the insert into a
// branch on the insert's outcome, so only the caller that added the row
// acts. When that cannot be written mechanically, no fix is offered.

// actsOnBranch returns the duplicable operations on the check's absent
// branch other than the write, and whether one of them may run before the
// write (no fix can gate that one).
func actsOnBranch(check, write *dataaccess.Op, ops []*dataaccess.Op) (acts []*dataaccess.Op, early bool) {
	region := absentBranches(check)
	for _, op := range ops {
		if op == write || op == check || !dataaccess.Duplicable(op) || !inRegion(op.Instr, check.Fn, region) {
			continue
		}
		acts = append(acts, op)
		if op.Instr.Parent() != write.Instr.Parent() || !ssautil.Before(write.Instr, op.Instr) {
			early = true
		}
	}
	return acts, early
}

// outcomeTest is how the caller learns that an insert added a row, per
// the write call's result type: pgx's CommandTag, database/sql's Result,
// gorm's *DB.
type outcomeTest int

const (
	noTest outcomeTest = iota
	commandTag
	sqlResult
	gormResult
)

func outcomeTestOf(call *ast.CallExpr, info *types.Info) outcomeTest {
	tv, ok := info.Types[call]
	if !ok {
		return noTest
	}
	first := tv.Type
	if tuple, ok := tv.Type.(*types.Tuple); ok {
		if tuple.Len() != 2 {
			return noTest
		}
		first = tuple.At(0).Type()
	}
	if p, ok := first.(*types.Pointer); ok {
		first = p.Elem()
	}
	n, ok := types.Unalias(first).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return noTest
	}
	switch path, name := n.Obj().Pkg().Path(), n.Obj().Name(); {
	case name == "CommandTag" && strings.Contains(path, "jackc/pgx"):
		return commandTag
	case name == "Result" && path == "database/sql":
		return sqlResult
	case name == "DB" && path == "gorm.io/gorm":
		return gormResult
	}
	return noTest
}

// gatedFix rewrites the insert and the statements after it in its block
// into a branch that runs them only when the edited insert added a row.
// Two shapes are mechanical: the insert as a statement of its own
// (`INSERT-call; rest...`), and the insert checked for an error in an if
// (`if _, err := INSERT-call; err != nil { ... }; rest...`), whose result
// is then kept to be tested. edits change the insert call itself (the ON
// CONFLICT clause); extra are edits elsewhere (an import). It returns nil
// unless every act after the insert is in the statements moved.
func (f *fixer) gatedFix(check *dataaccess.Op, call *ast.CallExpr, edits, extra []analysis.TextEdit, acts []*dataaccess.Op, msg string) *analysis.SuggestedFix {
	test := outcomeTestOf(call, f.pass.TypesInfo)
	if test == noTest {
		return nil
	}
	var stmt ast.Stmt
	var errChecked *ast.IfStmt
	var errName string
	if _, own := f.callAt(call.Lparen); own != nil {
		stmt = own
	} else if errChecked, errName = f.errCheckedInsert(call); errChecked != nil && test != gormResult {
		stmt = errChecked
	} else {
		return nil
	}
	rest := f.followingStmts(stmt)
	if len(rest) == 0 {
		return nil
	}
	for _, act := range acts {
		if act.Pos() < rest[0].Pos() || act.Pos() >= rest[len(rest)-1].End() {
			return nil
		}
	}
	names := []string{"inserted", "insertErr", "insertedRows"}
	if f.usesNames(append([]ast.Stmt{stmt}, rest...), names) || f.declaredAt(stmt.Pos(), names) {
		return nil
	}
	callText := f.editedText(call, edits)
	restText := f.text(rest[0].Pos(), rest[len(rest)-1].End())
	// Wrapping statements that end in a return would leave the function
	// without one on the loser's path: the loser then returns what the
	// check's present branch returns, as if it had found the row.
	var loserReturn string
	if _, ends := rest[len(rest)-1].(*ast.ReturnStmt); ends && f.hasResults(stmt.Pos()) {
		ret := f.presentReturn(check, stmt.Pos())
		if ret == nil {
			return nil
		}
		loserReturn = f.text(ret.Pos(), ret.End())
	}
	var b strings.Builder
	if errChecked != nil {
		// Keep the result and the error test as they were, then branch.
		b.WriteString("inserted, " + errName + " := " + callText + "\n")
		b.WriteString("if " + f.text(errChecked.Cond.Pos(), errChecked.Body.End()) + "\n")
		switch {
		case loserReturn != "" && test == commandTag:
			b.WriteString("if inserted.RowsAffected() == 0 {\n" + loserReturn + "\n}\n" + restText)
		case loserReturn != "":
			b.WriteString("if insertedRows, _ := inserted.RowsAffected(); insertedRows == 0 {\n" + loserReturn + "\n}\n" + restText)
		case test == commandTag:
			b.WriteString("if inserted.RowsAffected() == 1 {\n" + restText + "\n}")
		default:
			b.WriteString("if insertedRows, _ := inserted.RowsAffected(); insertedRows == 1 {\n" + restText + "\n}")
		}
	} else if loserReturn != "" {
		return nil // the insert's own error was ignored: keep the fix to the shapes that test it
	} else {
		switch test {
		case commandTag:
			b.WriteString("if inserted, insertErr := " + callText + "; insertErr == nil && inserted.RowsAffected() == 1 {\n")
		case sqlResult:
			b.WriteString("if inserted, insertErr := " + callText + "; insertErr == nil {\n")
			b.WriteString("if insertedRows, _ := inserted.RowsAffected(); insertedRows == 1 {\n")
		case gormResult:
			b.WriteString("if inserted := " + callText + "; inserted.Error == nil && inserted.RowsAffected == 1 {\n")
		}
		b.WriteString(restText + "\n}")
		if test == sqlResult {
			b.WriteString("\n}")
		}
	}
	return &analysis.SuggestedFix{
		Message:   msg + ", and act only when it added the row",
		TextEdits: append([]analysis.TextEdit{{Pos: stmt.Pos(), End: rest[len(rest)-1].End(), NewText: []byte(b.String())}}, extra...),
	}
}

// errCheckedInsert returns the if statement whose init runs the insert
// and keeps only its error (`if _, err := db.Exec(...); err != nil`), with
// the error's name, or nil: the fix keeps the result to test it.
func (f *fixer) errCheckedInsert(call *ast.CallExpr) (*ast.IfStmt, string) {
	path, _ := astutil.PathEnclosingInterval(f.file, call.Pos(), call.End())
	if len(path) < 3 || path[0] != ast.Node(call) {
		return nil, ""
	}
	assign, ok := path[1].(*ast.AssignStmt)
	if !ok || assign.Tok != token.DEFINE || len(assign.Lhs) != 2 || len(assign.Rhs) != 1 || assign.Rhs[0] != ast.Expr(call) {
		return nil, ""
	}
	blank, ok1 := assign.Lhs[0].(*ast.Ident)
	errID, ok2 := assign.Lhs[1].(*ast.Ident)
	ifs, ok3 := path[2].(*ast.IfStmt)
	if !ok1 || !ok2 || !ok3 || blank.Name != "_" || errID.Name == "_" || ifs.Init != ast.Stmt(assign) || ifs.Else != nil {
		return nil, ""
	}
	return ifs, errID.Name
}

// hasResults reports whether the function enclosing pos returns values.
func (f *fixer) hasResults(pos token.Pos) bool {
	path, _ := astutil.PathEnclosingInterval(f.file, pos, pos)
	for _, n := range path {
		switch fn := n.(type) {
		case *ast.FuncLit:
			return fn.Type.Results != nil && len(fn.Type.Results.List) > 0
		case *ast.FuncDecl:
			return fn.Type.Results != nil && len(fn.Type.Results.List) > 0
		}
	}
	return false
}

// declaredAt reports whether any of the names is declared in a scope
// enclosing pos: declaring it again there would not compile or would
// shadow it.
func (f *fixer) declaredAt(pos token.Pos, names []string) bool {
	inner := f.pass.Pkg.Scope().Innermost(pos)
	for _, name := range names {
		if inner != nil {
			if _, obj := inner.LookupParent(name, pos); obj != nil {
				return true
			}
		}
	}
	return false
}

// followingStmts returns the statements after stmt in its block.
func (f *fixer) followingStmts(stmt ast.Stmt) []ast.Stmt {
	path, _ := astutil.PathEnclosingInterval(f.file, stmt.Pos(), stmt.End())
	for _, n := range path {
		var list []ast.Stmt
		switch n := n.(type) {
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		default:
			continue
		}
		for i, s := range list {
			if s == stmt {
				return list[i+1:]
			}
		}
		return nil
	}
	return nil
}

// usesNames reports whether the statements mention any of the names, so
// that declaring them around the statements could change what they mean.
func (f *fixer) usesNames(stmts []ast.Stmt, names []string) bool {
	found := false
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				for _, name := range names {
					if id.Name == name {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// editedText returns the source of call with edits (inside it) applied.
func (f *fixer) editedText(call *ast.CallExpr, edits []analysis.TextEdit) string {
	src := f.text(call.Pos(), call.End())
	sorted := append([]analysis.TextEdit(nil), edits...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Pos > sorted[j].Pos })
	for _, e := range sorted {
		start, end := int(e.Pos-call.Pos()), int(e.End-call.Pos())
		src = src[:start] + string(e.NewText) + src[end:]
	}
	return src
}

// text returns the file's source between two positions.
func (f *fixer) text(from, to token.Pos) string {
	tf := f.pass.Fset.File(from)
	content, err := f.pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	return string(content[tf.Offset(from):tf.Offset(to)])
}
