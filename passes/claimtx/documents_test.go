package claimtx_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/passes/claimtx"
)

// TestDocumentStores runs the check over DynamoDB claims written by their
// own call and MongoDB claims made outside the session's transaction.
func TestDocumentStores(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), claimtx.Analyzer, "dynamoclaim", "mongoclaim")
}
