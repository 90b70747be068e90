package keyscope

import (
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/passes/dataaccess"
)

// reportFastPath says, at each package clause, whether the check's fast
// path lets the package through.
var reportFastPath = &analysis.Analyzer{
	Name:      "reportfastpath",
	Doc:       "report the keyscope fast path's verdict (test only)",
	FactTypes: []analysis.Fact{(*LooksUpUnscoped)(nil)},
	Run: func(pass *analysis.Pass) (any, error) {
		if len(pass.Files) == 0 {
			return nil, nil
		}
		msg := "skipped"
		if mayHoldKeys(pass, len(dataaccess.EmbeddedSQLFiles(pass)) > 0) {
			msg = "may matter"
		}
		pass.Reportf(pass.Files[0].Package, "%s", msg)
		return nil, nil
	},
}

// TestFastPath: a package that queries a database but never mentions an
// idempotency key is skipped; one that names a key, or embeds .sql files,
// is looked at.
func TestFastPath(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), reportFastPath,
		"fastpath/orders", "fastpath/keyname", "fastpath/embedsql")
}
