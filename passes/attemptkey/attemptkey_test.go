package attemptkey_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/passes/attemptkey"
)

func TestRetryLoops(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), attemptkey.Analyzer, "loops")
}
