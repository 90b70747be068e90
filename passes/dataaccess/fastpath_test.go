package dataaccess

import (
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// reportSSA says, at each package clause, whether the model built the
// package's SSA form: the fast path must leave it unbuilt where nothing
// is modelled, since building it is most of the cost of a package.
var reportSSA = &analysis.Analyzer{
	Name:     "reportssa",
	Doc:      "report whether the model built SSA (test only)",
	Requires: []*analysis.Analyzer{Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		res := pass.ResultOf[Analyzer].(*Result)
		msg := "no SSA"
		if res.ssaBuilt.Load() {
			msg = "SSA built"
		}
		pass.Reportf(pass.Files[0].Package, "%s", msg)
		return nil, nil
	},
}

func TestFastPathBuildsNoSSA(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), reportSSA,
		"fastpath/plain", "fastpath/sqluser", "fastpath/caller",
		"fastpath/nearby", "fastpath/viaiface", "fastpath/viaifacemiss",
		"fastpath/repo", "fastpath/repouser", "fastpath/reposhape", "fastpath/sdkuser",
		"fastpath/cacheuser", "fastpath/handleronly", "fastpath/poster", "fastpath/memo",
		"fastpath/kvalias", "fastpath/reexportuser", "fastpath/reexportholder")
}

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
		{[]string{"github.com/go-xorm/xorm"}, true},         // xorm's old path, an alias
		{[]string{"github.com/jackc/pgx/v4/pgxpool"}, true}, // pgx v4, an alias of v5
		{[]string{"github.com/jackc/pgx/v3"}, false},        // no alias: its API differs
		{[]string{"github.com/Masterminds/squirrel"}, true},
		{[]string{"github.com/doug-martin/goqu/v9"}, true},
		{[]string{"github.com/gobuffalo/pop/v6"}, true},
		{[]string{"github.com/go-pg/pg/v10"}, true},
		{[]string{"github.com/pocketbase/dbx"}, true},
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
			TypesInfo:      &types.Info{},
			AllObjectFacts: func() []analysis.ObjectFact { return nil },
		}
		if got := mayAccessData(pass); got != tc.want {
			t.Errorf("imports %v: mayAccessData = %t, want %t", tc.imports, got, tc.want)
		}
	}
}
