package attemptkey

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/analysis/passes/inspect"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// reportFastPath says, at each package clause, whether the check's fast
// path lets the package through.
var reportFastPath = &analysis.Analyzer{
	Name:     "reportfastpath",
	Doc:      "report the attemptkey fast path's verdict (test only)",
	Requires: []*analysis.Analyzer{dataaccess.Analyzer, inspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		msg := "skipped"
		if mayMatter(pass, pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)) {
			msg = "may matter"
		}
		pass.Reportf(pass.Files[0].Package, "%s", msg)
		return nil, nil
	},
}

// TestFastPath: importing time is not reading the clock; a package that
// reads it, or names a key, is looked at.
func TestFastPath(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), reportFastPath,
		"fastpath/typesonly", "fastpath/clock", "fastpath/keyfield",
		"fastpath/keyheader", "fastpath/otherheader", "fastpath/retrier", "fastpath/pager",
		"fastpath/apitypes")
}
