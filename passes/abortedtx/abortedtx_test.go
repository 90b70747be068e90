package abortedtx_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/goldentest"
	"github.com/idemvet/idemvet/passes/abortedtx"
)

func TestAbortedTx(t *testing.T) {
	goldentest.EveryGoldenFixed(t, analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), abortedtx.Analyzer, "pgxabort"))
	analysistest.Run(t, analysistest.TestData(), abortedtx.Analyzer, "sqlabort", "mysqlabort", "gormabort", "sqlcabort", "sqlxabort", "bunabort", "entabort", "owntx", "pgxsavepoint", "writerdo")
}

func TestFixedCodeCompiles(t *testing.T) {
	goldentest.Compiles(t, analysistest.TestData(), "pgxabort")
}
