package attemptkey_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/goldentest"
	"github.com/idemvet/idemvet/passes/attemptkey"
)

func TestRetryLoops(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), attemptkey.Analyzer, "loops")
}

func TestRetryHelpers(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), attemptkey.Analyzer, "helpers")
}

func TestHandWrittenHelpers(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), attemptkey.Analyzer, "retrylib", "keys", "handwritten")
}

func TestSinks(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), attemptkey.Analyzer, "sinks")
}

func TestDeliveryHandles(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), attemptkey.Analyzer, "delivery")
}

func TestSuggestedFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), attemptkey.Analyzer, "fixes")
}

func TestFixedCodeCompiles(t *testing.T) {
	goldentest.Compiles(t, analysistest.TestData(), "fixes")
}

func TestFlags(t *testing.T) {
	setFlag(t, "retry", "flagged.Scheduler.Submit")
	setFlag(t, "keyheaders", "x-request-key, X-Other-Key")
	analysistest.Run(t, analysistest.TestData(), attemptkey.Analyzer, "flagged")
}

func setFlag(t *testing.T, name, value string) {
	t.Helper()
	if err := attemptkey.Analyzer.Flags.Set(name, value); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { attemptkey.Analyzer.Flags.Set(name, "") })
}
