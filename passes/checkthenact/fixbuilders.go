package checkthenact

import (
	"go/ast"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// Builder inserts are made conditional in the builder's own terms, by one
// call added to the chain before its terminal call:
//
//	sq.Insert("t")...RunWith(db).Suffix("ON CONFLICT DO NOTHING").ExecContext(ctx)  // squirrel, PostgreSQL or SQLite
//	db.Insert("t").Rows(r).OnConflict(goqu.DoNothing()).Executor().Exec()          // goqu: rendered per dialect
//	db.Model(&x).OnConflict("DO NOTHING").Insert()                                 // go-pg: PostgreSQL only
//
// xorm and pop have no conflict clause in their insert API: their
// finding points at the runtime instead.

const (
	pkgSquirrel = "github.com/Masterminds/squirrel"
	pkgGoqu     = "github.com/doug-martin/goqu/v9"
	pkgGoquExec = "github.com/doug-martin/goqu/v9/exec"
	pkgGoPgORM  = "github.com/go-pg/pg/v10/orm"
)

// builderOnConflict returns the edit that adds the conflict clause to a
// builder insert, or a nil call when there is none to make.
func (f *fixer) builderOnConflict(write *dataaccess.Op) (call *ast.CallExpr, edits, extra []analysis.TextEdit, msg string) {
	call, _ = f.callAt(write.Pos())
	if call == nil || write.SQL != nil && write.SQL.Returning {
		return nil, nil, nil, ""
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil, nil, nil, ""
	}
	// The clause goes before the terminal call, or before goqu's
	// Executor() when the terminal runs on the executor.
	at := sel.Sel.Pos()
	var clause string
	switch write.Callee.Pkg().Path() {
	case pkgSquirrel:
		if strings.Contains(f.src(sel.X), "Suffix(") || f.dialect(write, "") != onConflictDialect {
			return nil, nil, nil, "" // a suffix of its own (RETURNING, ...) or a database without ON CONFLICT
		}
		clause = `Suffix("ON CONFLICT DO NOTHING").`
	case pkgGoquExec:
		inner, ok := sel.X.(*ast.CallExpr)
		if !ok {
			return nil, nil, nil, ""
		}
		exec, ok := inner.Fun.(*ast.SelectorExpr)
		if !ok || exec.Sel.Name != "Executor" {
			return nil, nil, nil, ""
		}
		name, importEdit, ok := f.importName(pkgGoqu, "goqu")
		if !ok {
			return nil, nil, nil, ""
		}
		if importEdit != nil {
			extra = append(extra, *importEdit)
		}
		at, clause = exec.Sel.Pos(), "OnConflict("+name+".DoNothing())."
	case pkgGoPgORM:
		clause = `OnConflict("DO NOTHING").`
	default:
		return nil, nil, nil, ""
	}
	edits = []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(clause)}}
	return call, edits, extra, "Insert with ON CONFLICT DO NOTHING"
}
