package claimtx_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/goldentest"
	"github.com/idemvet/idemvet/passes/claimtx"
)

func TestClaimTx(t *testing.T) {
	goldentest.EveryGoldenFixed(t, analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), claimtx.Analyzer,
		"sqlclaim", "pgxclaim", "gormclaim", "sqlxclaim", "sqlcclaim", "crossuse", "runtimework", "bunclaim", "entclaim", "methodvalue", "mixedwrap", "beforebegin"))
	analysistest.Run(t, analysistest.TestData(), claimtx.Analyzer, "mixedhandle")
	analysistest.Run(t, analysistest.TestData(), claimtx.Analyzer, "redisclaim", "plain", "txhelper")
}
