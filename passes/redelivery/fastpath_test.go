package redelivery

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// reportFastPath says, at each package clause, whether the check's fast
// path lets the package through.
var reportFastPath = &analysis.Analyzer{
	Name: "reportfastpath",
	Doc:  "report the redelivery fast path's verdict (test only)",
	Run: func(pass *analysis.Pass) (any, error) {
		msg := "skipped"
		if mayHandle(pass) {
			msg = "may handle messages"
		}
		pass.Reportf(pass.Files[0].Package, "%s", msg)
		return nil, nil
	},
}

// TestFastPath: a package that imports no broker or job queue has no
// handler, whatever it writes.
func TestFastPath(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), reportFastPath, "fastpath/nobroker", "fastpath/broker")
}
