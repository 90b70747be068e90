package attemptkey_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/goldentest"
	"github.com/idemvet/idemvet/passes/attemptkey"
)

// TestAttemptKey runs the analyzer over every fixture package in one load,
// since each load analyzes the standard library packages they import too:
//
//	loops        retry loops and the batch, poll and periodic loops beside them
//	helpers      backoff v4/v5, retry-go, go-retry, client-go retry
//	retrylib     hand-written retry helpers (RetryHelper facts)
//	keys         key sources, sinks and defaulting clients (KeyFunc facts)
//	handwritten  uses of retrylib and keys from another package
//	payments     stripe-go v82 client: V1 services, params.SetIdempotencyKey
//	paymentsvc   payments called through interfaces of another package
//	sinks        headers, provider fields, AWS tokens, names, claims
//	delivery     AMQP, SQS and JetStream delivery handles as dedup keys
func TestAttemptKey(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), attemptkey.Analyzer,
		"loops", "helpers", "retrylib", "keys", "handwritten", "payments", "paymentsvc", "sinks", "delivery", "handlers")
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

func TestSuggestedFixes(t *testing.T) {
	goldentest.EveryGoldenFixed(t, analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), attemptkey.Analyzer, "fixes"))
}

func TestFixedCodeCompiles(t *testing.T) {
	goldentest.Compiles(t, analysistest.TestData(), "fixes")
}
