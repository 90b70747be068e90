package checkthenact_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/passes/checkthenact"
)

// TestStatusGateNamesItsTest: a status gate reported at the read also
// points at the state test, on its own line, where the test has one;
// a gate that selects by state in its WHERE has no test to point at.
func TestStatusGateNamesItsTest(t *testing.T) {
	results := analysistest.Run(&discard{t}, analysistest.TestData(), checkthenact.Analyzer, "statusgate")
	withTest, whereGates := 0, 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if !strings.HasPrefix(d.Message, "status-gate race") {
				continue
			}
			read := r.Pass.Fset.Position(d.Pos)
			for _, rel := range d.Related {
				if rel.Message != "the state test both callers pass" {
					continue
				}
				withTest++
				if at := r.Pass.Fset.Position(rel.Pos); at.Filename != read.Filename || at.Line == read.Line {
					t.Errorf("%s: the state test at %s, want another line of the same file", read, at)
				}
			}
			if strings.Contains(d.Message, "is found by its state") {
				whereGates++
				for _, rel := range d.Related {
					if rel.Message == "the state test both callers pass" {
						t.Errorf("%s: a gate in a WHERE names a state test", read)
					}
				}
			}
		}
	}
	if withTest == 0 || whereGates == 0 {
		t.Errorf("%d status gates name their test, %d gate in a WHERE; want some of each", withTest, whereGates)
	}
}

// discard lets analysistest.Run hand back its results without checking
// the fixture's expectations again (TestCheckThenAct does).
type discard struct{ *testing.T }

func (discard) Errorf(string, ...any) {}
