package dataaccess

import (
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestFastPathSQLLayers: a package that imports one of the SQL layers is
// modelled; one that imports none of the libraries the tables know (the
// standard library's embed and strings included: .sql files alone are no
// data access) is skipped before any SSA walk.
func TestFastPathSQLLayers(t *testing.T) {
	for _, tc := range []struct {
		imports []string
		want    bool
	}{
		{[]string{"xorm.io/xorm"}, true},
		{[]string{"github.com/Masterminds/squirrel"}, true},
		{[]string{"github.com/doug-martin/goqu/v9"}, true},
		{[]string{"github.com/gobuffalo/pop/v6"}, true},
		{[]string{"github.com/go-pg/pg/v10"}, true},
		{[]string{"github.com/stephenafamo/bob/dialect/psql"}, true}, // q.Exec(ctx, db) needs no import of bob itself
		{[]string{"fmt", "embed", "strings"}, false},
		{[]string{"github.com/doug-martin/goqu/v9/exp"}, false}, // expressions only: no call runs SQL
		{[]string{"xorm.io/builder"}, false},
	} {
		pkg := types.NewPackage("example.com/app", "app")
		var imps []*types.Package
		for _, path := range tc.imports {
			imps = append(imps, types.NewPackage(path, "p"))
		}
		pkg.SetImports(imps)
		pass := &analysis.Pass{
			Pkg:            pkg,
			Fset:           token.NewFileSet(),
			AllObjectFacts: func() []analysis.ObjectFact { return nil },
		}
		if got := mayAccessData(pass); got != tc.want {
			t.Errorf("imports %v: mayAccessData = %t, want %t", tc.imports, got, tc.want)
		}
	}
}
