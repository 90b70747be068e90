package checkthenact

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// builderUniqueCover is uniqueCover for the query builders' fixes
// (squirrel's and goqu's ON CONFLICT DO NOTHING, go-pg's OnConflict), which
// name no conflict target: they pick one winner only where a unique key
// covers the checked columns. squirrel and goqu build the statement, so
// its table and columns are read as for an INSERT string; go-pg inserts a
// model, whose keys are its pg tags or the module's scripts for its table.
// It returns "" when the fix may be offered, or why not.
func (f *fixer) builderUniqueCover(check, write *dataaccess.Op) string {
	if write.SQL != nil && write.SQL.Table != "" {
		_, note := uniqueCover(f.pass, check, write)
		return note
	}
	call, _ := f.callAt(write.Pos())
	model := f.goPgModel(call)
	if model == nil {
		return "no fix: the inserted model cannot be told, nor so whether a unique constraint makes a conditional insert pick one winner"
	}
	name := model.Obj().Name()
	cols := f.conditionColumns(check)
	if len(cols) == 0 {
		return fmt.Sprintf("no fix: a conditional insert picks one winner only under a unique key of %s covering what the check looks up, and which columns those are cannot be told", name)
	}
	for _, key := range dataaccess.TagUniqueKeys(model.Underlying().(*types.Struct), "pg") {
		if subset(key, cols) {
			return ""
		}
	}
	table := dataaccess.PluralTable(name) // go-pg's default table name is the same snake-case plural
	if answer := schemaOf(f.pass, table); answer.Table != nil {
		for _, u := range answer.Table.Unique {
			if !u.Partial && subset(u.Columns, cols) {
				return ""
			}
		}
	}
	return fmt.Sprintf("no fix: %s declares no unique key on %s (a pg:\",unique\" tag, or a unique constraint on %s in the module's schema), so a conditional insert would store both rows; add one first (%s), or claim the key with runtime/claim",
		name, strings.Join(cols, ", "), table, createIndex(table, cols))
}

// goPgModel returns the model of a go-pg insert chain: the argument of
// its Model call (db.Model(&Order{...}).Insert()).
func (f *fixer) goPgModel(call *ast.CallExpr) *types.Named {
	for call != nil {
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return nil
		}
		if sel.Sel.Name == "Model" && len(call.Args) > 0 {
			if n := modelStruct(f.pass.TypesInfo.TypeOf(call.Args[0])); n != nil {
				return n
			}
			return nil
		}
		call, _ = sel.X.(*ast.CallExpr)
	}
	return nil
}
