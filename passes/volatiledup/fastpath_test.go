package volatiledup

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// reportFastPath says, at each package clause, whether the check's fast
// path lets the package through.
var reportFastPath = &analysis.Analyzer{
	Name:     "reportfastpath",
	Doc:      "report the volatiledup fast path's verdict (test only)",
	Requires: []*analysis.Analyzer{dataaccess.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		msg := "skipped"
		if mayMatter(pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)) {
			msg = "may matter"
		}
		pass.Reportf(pass.Files[0].Package, "%s", msg)
		return nil, nil
	},
}

// TestFastPath: a package needs both a memory lookup and an effect that
// doubles to be looked at.
func TestFastPath(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), reportFastPath,
		"fastpath/nomemory", "fastpath/noeffect", "fastpath/both")
}
