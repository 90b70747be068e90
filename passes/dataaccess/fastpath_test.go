package dataaccess

import (
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
		"fastpath/plain", "fastpath/sqluser", "fastpath/caller")
}
