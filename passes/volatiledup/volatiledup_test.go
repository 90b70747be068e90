package volatiledup_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/passes/checkthenact"
	"github.com/idemvet/idemvet/passes/volatiledup"
)

func TestVolatileDup(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), volatiledup.Analyzer, "mapdedup", "cachededup", "redisdedup", "ifacededup", "helperdedup", "releasedclaim")
}

// TestOneMessagePerLookup: where checkthenact reports a lookup as a race
// between concurrent callers (its wants in the fixture), volatiledup,
// which would report the same memory, stays silent.
func TestOneMessagePerLookup(t *testing.T) {
	dir := analysistest.TestData()
	analysistest.Run(t, dir, checkthenact.Analyzer, "overlap")
	for _, r := range analysistest.Run(ignoreWants{}, dir, volatiledup.Analyzer, "overlap") {
		for _, d := range r.Diagnostics {
			t.Errorf("%s: volatiledup reports a lookup checkthenact reports: %s", r.Pass.Fset.Position(d.Pos), d.Message)
		}
	}
}

// ignoreWants drops analysistest's complaints about the fixture's wants,
// which are checkthenact's.
type ignoreWants struct{}

func (ignoreWants) Errorf(string, ...any) {}
