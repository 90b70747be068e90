package dataaccess

import (
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/idemvet/idemvet/internal/passutil"
)

// A model whose TableName method returns a constant (gorm, xorm, beego)
// names its table twice: db.Create(&role) names the model, UserRole, and
// a raw query names the table, "user_roles_v1". The check of one and the
// insert of the other are on one table, so the model knows each such
// table by its model's name. The model is often another package's: a fact
// carries its table.

// ModelTable is the fact exported for a model type whose TableName
// method returns a constant string.
type ModelTable struct{ Table string }

func (*ModelTable) AFact()           {}
func (f *ModelTable) String() string { return "table " + f.Table }

// tableAliases maps a table a model's TableName returns, normalized, to
// the model's normalized name.
type tableAliases map[string]string

// exportModelTables exports the facts of the package's own models.
func exportModelTables(pass *analysis.Pass) {
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok {
			continue
		}
		if _, isStruct := named.Underlying().(*types.Struct); !isStruct {
			continue
		}
		method := tableNameMethod(named)
		if method == nil {
			continue
		}
		if table, ok := constantReturn(pass, method); ok && table != "" {
			passutil.ExportObjectFact(pass, tn, &ModelTable{Table: table})
		}
	}
}

// importModelTables returns the tables of the models the package can
// see, its own and its dependencies'. A table two models name is left
// out: which model a query means is not known.
func importModelTables(pass *analysis.Pass) tableAliases {
	tables := tableAliases{}
	ambiguous := map[string]bool{}
	for _, f := range pass.AllObjectFacts() {
		mt, ok := f.Fact.(*ModelTable)
		if !ok {
			continue
		}
		table, model := normalizeTable(mt.Table), normalizeTable(f.Object.Name())
		if table == model {
			continue
		}
		if prev, seen := tables[table]; seen && prev != model {
			ambiguous[table] = true
		}
		tables[table] = model
	}
	for table := range ambiguous {
		delete(tables, table)
	}
	return tables
}

// canonical returns the name the model knows a normalized table by.
func (t tableAliases) canonical(table string) string {
	if model, ok := t[table]; ok {
		return model
	}
	return table
}
