package checkthenact_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/goldentest"
	"github.com/idemvet/idemvet/passes/checkthenact"
)

// TestDocumentStores runs the check over DynamoDB, MongoDB (v1, v2) and
// etcd code, with the stubs of their clients.
func TestDocumentStores(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), checkthenact.Analyzer, "dynamocheck", "dynamolayers/store", "dynamolayers", "mongocheck", "etcdcheck")
}

// TestDynamoDBFix adds the attribute_not_exists condition to PutItem, and
// the fixed code compiles.
func TestDynamoDBFix(t *testing.T) {
	goldentest.EveryGoldenFixed(t, analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), checkthenact.Analyzer, "fixesdynamo"))
	goldentest.Compiles(t, analysistest.TestData(), "fixesdynamo")
}
