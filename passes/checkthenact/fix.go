package checkthenact

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"github.com/idemvet/idemvet/internal/passutil"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/idemvet/idemvet/internal/apis"
	"github.com/idemvet/idemvet/internal/sqlclass"
	"github.com/idemvet/idemvet/passes/dataaccess"
)

// suggestFix returns the mechanical fix for a check-then-insert pair when
// one is safe, or nil, with a note for the message when the fix a reader
// would expect (a conditional insert) is withheld for want of a unique
// constraint.
func suggestFix(pass *analysis.Pass, check, write *dataaccess.Op, ops []*dataaccess.Op) (fix *analysis.SuggestedFix, note string) {
	if write.Callee == nil || write.Callee.Pkg() == nil {
		return nil, ""
	}
	f := &fixer{pass: pass, file: passutil.FileOf(pass, write.Pos())}
	if f.file == nil || passutil.FileOf(pass, check.Pos()) != f.file {
		return nil, ""
	}
	pkg := write.Callee.Pkg().Path()
	switch {
	case pkg == "sync" && write.Callee.Name() == "Store":
		return f.loadOrStore(check, write), ""
	case strings.Contains(pkg, "redis") && write.Callee.Name() == "Set":
		return f.setNX(check, write), ""
	}
	// The conditional insert must also gate what follows it on the
	// absent branch; an act before it cannot be gated at all.
	acts, early := actsOnBranch(check, write, ops)
	if early {
		return nil, ""
	}
	if apis.IsDynamoDB(pkg) && write.Callee.Name() == "PutItem" {
		if len(acts) > 0 {
			return nil, "" // a duplicate fails with an error the acts do not look at
		}
		return f.dynamoCondition(check, write), ""
	}
	var call *ast.CallExpr
	var edits, extra []analysis.TextEdit
	var msg string
	switch {
	case pkg == "gorm.io/gorm" && write.Callee.Name() == "Create":
		if create, _ := f.callAt(write.Pos()); create != nil {
			if note := f.gormUniqueCover(check, create); note != "" {
				return nil, note
			}
		}
		call, edits, extra, msg = f.gormOnConflict(write)
	case pkg == pkgSquirrel || pkg == pkgGoquExec || pkg == pkgGoPgORM:
		if note := f.builderUniqueCover(check, write); note != "" {
			return nil, note
		}
		call, edits, extra, msg = f.builderOnConflict(write)
	case write.SQL != nil && write.SQL.Kind == sqlclass.Insert:
		target, note := uniqueCover(pass, check, write)
		if target == nil {
			return nil, note
		}
		if write.SQL.Returning {
			return f.returningFix(check, write, target, acts)
		}
		call, edits, msg = f.sqlOnConflict(write, target)
		if call == nil {
			return nil, byHand(target)
		}
	}
	switch {
	case call == nil, f.readsWhatTheInsertMade(call):
		return nil, ""
	case len(acts) > 0:
		if fix := f.gatedFix(check, call, edits, extra, acts, msg); fix != nil {
			return fix, ""
		}
		return nil, "no fix: " + f.actNames(acts) + " after the insert must run only for the caller whose insert added the row, and that branch is not a mechanical edit here"
	}
	return &analysis.SuggestedFix{Message: msg + " (then branch on rows affected)", TextEdits: append(edits, extra...)}, ""
}

// actNames names the acts a conditional insert would have to gate, as the
// code calls them (s.sendWelcome, charge).
func (f *fixer) actNames(acts []*dataaccess.Op) string {
	var names []string
	for _, a := range acts {
		if call, _ := f.callAt(a.Pos()); call != nil {
			names = append(names, types.ExprString(call.Fun))
		}
	}
	if len(names) == 0 {
		return "what follows"
	}
	return strings.Join(names, ", ")
}

// readsWhatTheInsertMade reports whether the insert call's result is kept
// in a variable, to read the row it made (LastInsertId) or a count, or the
// record it filled is read after it (gorm's Create(&user) sets user.ID). After
// the fix a conflicting insert makes no row, so that code would read a
// zero id or the connection's previous insert: a change of meaning no
// mechanical edit can make safe.
func (f *fixer) readsWhatTheInsertMade(call *ast.CallExpr) bool {
	path, _ := astutil.PathEnclosingInterval(f.file, call.Pos(), call.End())
	for i := 1; i < len(path); i++ {
		if _, isParen := path[i].(*ast.ParenExpr); isParen {
			continue
		}
		if assign, ok := path[i].(*ast.AssignStmt); ok && len(assign.Rhs) == 1 && len(assign.Lhs) > 0 {
			if id, ok := assign.Lhs[0].(*ast.Ident); !ok || id.Name != "_" {
				return true
			}
		}
		if spec, ok := path[i].(*ast.ValueSpec); ok && len(spec.Names) > 0 && spec.Names[0].Name != "_" {
			return true
		}
		break
	}
	return f.readAfter(call, path)
}

// readAfter reports whether a record the call takes by address (gorm's
// Create(&user), which sets user.ID) is read after the call, in the
// innermost function of path (the call's enclosing nodes).
func (f *fixer) readAfter(call *ast.CallExpr, path []ast.Node) bool {
	var body *ast.BlockStmt
	for _, n := range path {
		switch fn := n.(type) {
		case *ast.FuncDecl:
			body = fn.Body
		case *ast.FuncLit:
			body = fn.Body
		}
		if body != nil {
			break
		}
	}
	if body == nil {
		return false
	}
	// A return that holds the call hands the record on with it: return
	// source, db.Create(source).Error returns the record Create filled.
	var ret *ast.ReturnStmt
	for _, n := range path {
		if r, ok := n.(*ast.ReturnStmt); ok {
			ret = r
			break
		}
		if _, ok := n.(ast.Stmt); ok {
			break
		}
	}
	for _, arg := range call.Args {
		record := f.filledRecord(arg)
		if record == nil {
			continue
		}
		read := false
		ast.Inspect(body, func(n ast.Node) bool {
			use, ok := n.(*ast.Ident)
			if !ok || f.pass.TypesInfo.Uses[use] != record {
				return !read
			}
			if use.Pos() > call.End() || ret != nil && ret.Pos() <= use.Pos() && use.End() <= ret.End() && (use.End() <= call.Pos() || use.Pos() >= call.End()) {
				read = true
			}
			return !read
		})
		if read {
			return true
		}
	}
	return false
}

// filledRecord returns the variable whose record an insert's argument
// fills: x in Create(&x), or a pointer variable passed as is
// (Create(source) with source *LoginSource).
func (f *fixer) filledRecord(arg ast.Expr) types.Object {
	if addr, ok := arg.(*ast.UnaryExpr); ok && addr.Op == token.AND {
		if id, ok := addr.X.(*ast.Ident); ok {
			return f.pass.TypesInfo.Uses[id]
		}
		return nil
	}
	id, ok := arg.(*ast.Ident)
	if !ok {
		return nil
	}
	obj := f.pass.TypesInfo.Uses[id]
	if obj == nil {
		return nil
	}
	if p, ok := obj.Type().Underlying().(*types.Pointer); ok {
		if _, isStruct := p.Elem().Underlying().(*types.Struct); isStruct {
			return obj
		}
	}
	return nil
}

type fixer struct {
	pass *analysis.Pass
	file *ast.File
}

// callAt returns the method call whose selector is at pos, and the
// statement that is just that call, if it is one.
func (f *fixer) callAt(pos token.Pos) (*ast.CallExpr, *ast.ExprStmt) {
	path, _ := astutil.PathEnclosingInterval(f.file, pos, pos)
	for i, n := range path {
		call, ok := n.(*ast.CallExpr)
		if !ok || call.Lparen != pos {
			continue
		}
		if i+1 < len(path) {
			if stmt, ok := path[i+1].(*ast.ExprStmt); ok {
				return call, stmt
			}
		}
		return call, nil
	}
	return nil, nil
}

// loadOrStore turns `_, ok := m.Load(k)` ... `m.Store(k, v)` into
// `_, ok := m.LoadOrStore(k, v)`: the same "was present" bool, decided
// atomically.
func (f *fixer) loadOrStore(check, write *dataaccess.Op) *analysis.SuggestedFix {
	load, _ := f.callAt(check.Pos())
	store, stmt := f.callAt(write.Pos())
	if load == nil || store == nil || stmt == nil || len(load.Args) != 1 || len(store.Args) != 2 {
		return nil
	}
	sel, ok := load.Fun.(*ast.SelectorExpr)
	if !ok || !f.movable(store.Args[1], load.Pos()) {
		return nil
	}
	return &analysis.SuggestedFix{
		Message: "Use sync.Map.LoadOrStore",
		TextEdits: []analysis.TextEdit{
			{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("LoadOrStore")},
			{Pos: load.Rparen, End: load.Rparen, NewText: []byte(", " + f.src(store.Args[1]))},
			deleteStmt(stmt),
		},
	}
}

// setNX turns `if rdb.Exists(ctx, k).Val() == 0 { rdb.Set(ctx, k, v, ttl) ...`
// into `if rdb.SetNX(ctx, k, v, ttl).Val() { ...`.
func (f *fixer) setNX(check, write *dataaccess.Op) *analysis.SuggestedFix {
	exists, _ := f.callAt(check.Pos())
	set, stmt := f.callAt(write.Pos())
	if exists == nil || set == nil || stmt == nil || len(exists.Args) != 2 || len(set.Args) != 4 {
		return nil
	}
	if sel, ok := exists.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "Exists" {
		return nil
	}
	cond, absentWhenTrue := f.countCondition(exists)
	if cond == nil || !f.movable(set.Args[2], cond.Pos()) || !f.movable(set.Args[3], cond.Pos()) {
		return nil
	}
	client := f.src(exists.Fun.(*ast.SelectorExpr).X)
	args := make([]string, len(set.Args))
	for i, a := range set.Args {
		args[i] = f.src(a)
	}
	nx := client + ".SetNX(" + strings.Join(args, ", ") + ").Val()"
	if !absentWhenTrue {
		nx = "!" + nx
	}
	return &analysis.SuggestedFix{
		Message: "Use SETNX so that only one caller sets the key",
		TextEdits: []analysis.TextEdit{
			{Pos: cond.Pos(), End: cond.End(), NewText: []byte(nx)},
			deleteStmt(stmt),
		},
	}
}

// countCondition finds `<exists>.Val() <op> <const>` as the condition of
// an if statement, and whether it is true when the key is absent.
func (f *fixer) countCondition(exists *ast.CallExpr) (*ast.BinaryExpr, bool) {
	path, _ := astutil.PathEnclosingInterval(f.file, exists.Pos(), exists.End())
	for i := 0; i+3 < len(path); i++ {
		if path[i] != exists {
			continue
		}
		sel, ok1 := path[i+1].(*ast.SelectorExpr)
		val, ok2 := path[i+2].(*ast.CallExpr)
		cmp, ok3 := path[i+3].(*ast.BinaryExpr)
		if !ok1 || !ok2 || !ok3 || sel.Sel.Name != "Val" || cmp.X != val || i+4 >= len(path) {
			return nil, false
		}
		ifs, ok := path[i+4].(*ast.IfStmt)
		lit, isLit := cmp.Y.(*ast.BasicLit)
		if !ok || ifs.Cond != cmp || !isLit || lit.Kind != token.INT {
			return nil, false
		}
		switch {
		case cmp.Op == token.EQL && lit.Value == "0", cmp.Op == token.LSS && lit.Value == "1":
			return cmp, true
		case cmp.Op == token.NEQ && lit.Value == "0", cmp.Op == token.GTR && lit.Value == "0", cmp.Op == token.GEQ && lit.Value == "1":
			return cmp, false
		}
	}
	return nil, false
}

// gormOnConflict turns db.Create(&x) into
// db.Clauses(clause.OnConflict{DoNothing: true}).Create(&x).
func (f *fixer) gormOnConflict(write *dataaccess.Op) (call *ast.CallExpr, edits, extra []analysis.TextEdit, msg string) {
	create, _ := f.callAt(write.Pos())
	if create == nil {
		return nil, nil, nil, ""
	}
	sel, ok := create.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil, nil, nil, ""
	}
	name, importEdit, ok := f.importName("gorm.io/gorm/clause", "clause")
	if !ok {
		return nil, nil, nil, ""
	}
	edits = []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.Pos(),
		NewText: []byte("Clauses(" + name + ".OnConflict{DoNothing: true}).")}}
	if importEdit != nil {
		extra = append(extra, *importEdit)
	}
	return create, edits, extra, "Insert with ON CONFLICT DO NOTHING"
}

// sqlOnConflict makes an INSERT written as a string literal (in the call,
// or in a local variable set once for it: queryLiteral) conditional, in
// the dialect of its database: ON CONFLICT (target) DO NOTHING for
// PostgreSQL and SQLite, INSERT IGNORE for MySQL, where target is the
// unique key that makes a twin's row conflict (uniqueCover). When the
// dialect cannot be told, there is no fix.
func (f *fixer) sqlOnConflict(write *dataaccess.Op, target []string) (*ast.CallExpr, []analysis.TextEdit, string) {
	call, _ := f.callAt(write.Pos())
	if call == nil {
		return nil, nil, ""
	}
	for _, a := range call.Args {
		lit := f.queryLiteral(a)
		if lit == nil {
			continue
		}
		text, err := strconv.Unquote(lit.Value)
		if err != nil || sqlclass.Classify(text).Kind != sqlclass.Insert {
			continue
		}
		switch f.dialect(write, text) {
		case onConflictDialect:
			// Insert before the closing quote, after trailing blanks and ';'.
			body := lit.Value[:len(lit.Value)-1]
			trimmed := strings.TrimRight(body, " \t\n;")
			at := lit.Pos() + token.Pos(len(trimmed))
			clause := " ON CONFLICT (" + strings.Join(target, ", ") + ") DO NOTHING"
			return call, []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(clause)}},
				"Make the INSERT conditional with" + clause
		case mysqlDialect:
			i := strings.Index(strings.ToUpper(lit.Value), "INSERT")
			if i < 0 {
				return nil, nil, ""
			}
			at := lit.Pos() + token.Pos(i+len("INSERT"))
			return call, []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(" IGNORE")}},
				"Make the INSERT conditional with INSERT IGNORE"
		}
		return nil, nil, ""
	}
	return nil, nil, ""
}

// byHand is the note for an insert the schema makes safe to make
// conditional, whose text the fix cannot edit: the user can.
func byHand(target []string) string {
	return "no fix: the unique key (" + strings.Join(target, ", ") + ") makes ON CONFLICT (" + strings.Join(target, ", ") + ") DO NOTHING safe here, but the INSERT's text is not a string literal (in the call, or a local variable set once for it) in a dialect idemvet can tell, so add it by hand"
}

type sqlDialect int

const (
	unknownDialect    sqlDialect = iota
	onConflictDialect            // PostgreSQL, SQLite: INSERT ... ON CONFLICT DO NOTHING
	mysqlDialect                 // MySQL, MariaDB: INSERT IGNORE
)

// dialect decides the database an INSERT runs on: pgx is PostgreSQL;
// $1-style placeholders are PostgreSQL's (SQLite accepts them too);
// otherwise a driver the package imports decides (go-sql-driver/mysql,
// lib/pq, sqlite drivers).
func (f *fixer) dialect(write *dataaccess.Op, text string) sqlDialect {
	if strings.Contains(write.Callee.Pkg().Path(), "jackc/pgx") || dollarPlaceholder.MatchString(text) {
		return onConflictDialect
	}
	for _, imp := range f.pass.Pkg.Imports() {
		switch p := imp.Path(); {
		case strings.Contains(p, "go-sql-driver/mysql"):
			return mysqlDialect
		case strings.Contains(p, "lib/pq"), strings.Contains(p, "jackc/pgx"), strings.Contains(p, "sqlite"):
			return onConflictDialect
		}
	}
	return unknownDialect
}

var dollarPlaceholder = regexp.MustCompile(`\$[0-9]`)

// movable reports whether expression e can be evaluated at pos instead:
// it has no calls, and every name in it is declared before pos in a scope
// that contains pos.
func (f *fixer) movable(e ast.Expr, pos token.Pos) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv, isConv := f.pass.TypesInfo.Types[n.Fun]; !isConv || !tv.IsType() {
				ok = false
			}
		case *ast.FuncLit:
			ok = false
		}
		return ok
	})
	return ok && f.inScopeAt(e, pos)
}

// inScopeAt reports whether every variable node n names is declared
// before pos in a scope that contains pos.
func (f *fixer) inScopeAt(n ast.Node, pos token.Pos) bool {
	ok := true
	ast.Inspect(n, func(n ast.Node) bool {
		id, isIdent := n.(*ast.Ident)
		if !isIdent {
			return ok
		}
		obj := f.pass.TypesInfo.Uses[id]
		if obj == nil || obj.Pkg() == nil || obj.Parent() == obj.Pkg().Scope() || obj.Parent() == types.Universe {
			return ok
		}
		// A field (icon.ID, s.db) has no scope: its selector's base is
		// what must be in scope, and is checked as an identifier itself.
		if v, isVar := obj.(*types.Var); isVar && !v.IsField() && (obj.Pos() >= pos || obj.Parent() == nil || !obj.Parent().Contains(pos)) {
			ok = false
		}
		return ok
	})
	return ok
}

// importName returns the name under which the file refers to path, adding
// an import when it has none; ok is false when the name is taken.
func (f *fixer) importName(path, name string) (string, *analysis.TextEdit, bool) {
	for _, imp := range f.file.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == path {
			if imp.Name != nil {
				return imp.Name.Name, nil, imp.Name.Name != "_" && imp.Name.Name != "."
			}
			return name, nil, true
		}
	}
	if f.file.Scope.Lookup(name) != nil || f.pass.Pkg.Scope().Lookup(name) != nil {
		return "", nil, false
	}
	for _, imp := range f.file.Imports {
		if imp.Name == nil && strings.HasSuffix(imp.Path.Value, "/"+name+`"`) {
			return "", nil, false
		}
	}
	if len(f.file.Imports) == 0 {
		return "", nil, false
	}
	last := f.file.Imports[len(f.file.Imports)-1]
	return name, &analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte("\n\t" + strconv.Quote(path))}, true
}

func (f *fixer) src(e ast.Expr) string {
	var b bytes.Buffer
	if err := format.Node(&b, f.pass.Fset, e); err != nil {
		return ""
	}
	return b.String()
}

func deleteStmt(stmt ast.Stmt) analysis.TextEdit {
	return analysis.TextEdit{Pos: stmt.Pos(), End: stmt.End()}
}
