package dataaccess_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// describe reports every operation the model finds as
// "<kind> <table> <handle kind>[ locks]", so the testdata's want comments
// spell out the model, and every exported Summary as a fact.
var describe = &analysis.Analyzer{
	Name:     "describe",
	Doc:      "report the data-access model (test only)",
	Requires: []*analysis.Analyzer{dataaccess.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		model := pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result)
		for _, op := range model.Ops {
			parts := []string{op.Kind.String(), op.Resource.Table, op.Handle.Kind.String()}
			if op.Locks {
				parts = append(parts, "locks")
			}
			if op.StatementLock {
				parts = append(parts, "locks-for-the-statement")
			}
			pass.Reportf(op.Pos(), "%s", strings.Join(parts, " "))
		}
		return nil, nil
	},
}

func TestModel(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), describe, "model", "model/repo", "sqllayers", "querywrappers", "taggedqueries")
}

// TestSummaries asserts the Summary facts the model exports for helpers,
// which callers in other packages see.
func TestSummaries(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), dataaccess.Analyzer, "summaries", "ifaceresolve/store", "ifaceresolve/app", "querywrappers/dbx")
}

// TestDocumentStores spells out the model of DynamoDB, MongoDB and etcd
// calls; a package that only builds their inputs and options is skipped.
func TestDocumentStores(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), describe, "documents", "inputsonly")
}

// reportCuts reports each function whose model a budget cut short.
var reportCuts = &analysis.Analyzer{
	Name:     "reportcuts",
	Doc:      "report the data-access model's budget cuts (test only)",
	Requires: []*analysis.Analyzer{dataaccess.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		for _, cut := range pass.ResultOf[dataaccess.Analyzer].(*dataaccess.Result).Cuts() {
			pass.Report(cut.Diagnostic())
		}
		return nil, nil
	},
}

// TestCuts asserts that a cycle of summaries that does not settle within
// the rounds allowed is recorded as a cut, and one that does is not.
func TestCuts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), reportCuts, "cycles")
}

// TestEntGenerated: the bodies of ent's generated files are not built
// (their statements are no operations), code written by hand beside them
// is, and a caller's calls of the generated client are classified by
// name.
func TestEntGenerated(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), describe, "entgen/ent", "entgen/app")
}
