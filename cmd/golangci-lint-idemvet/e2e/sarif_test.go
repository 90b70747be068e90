package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/internal/sariftest"
)

// TestSARIFOutput checks golangci-lint's own SARIF output of the plugin's
// findings (--output.sarif.path), which code scanning uploads: it
// satisfies the SARIF 2.1.0 schema that idemvet's -sarif is held to, and
// holds the same findings as the JSON output, each at its line.
func TestSARIFOutput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "idemvet.sarif")
	res := lint(t, fixture, configFor(), "--output.sarif.path", out, payments)
	if res.exitCode != 1 {
		t.Fatalf("exit code %d, want 1 (issues found)\n%s", res.exitCode, res.stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := sariftest.Validate(data); err != nil {
		t.Fatalf("golangci-lint's SARIF output: %v", err)
	}
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	var got []marked
	for _, r := range log.Runs[0].Results {
		loc := r.Locations[0].PhysicalLocation
		if r.RuleID != "idemvet" || !strings.HasPrefix(r.Message.Text, "checkthenact: ") {
			t.Errorf("result %s %q: want rule idemvet, text prefixed by its check", r.RuleID, r.Message.Text)
		}
		got = append(got, marked{loc.ArtifactLocation.URI, loc.Region.StartLine})
	}
	sortMarked(got)
	if want := issueLines(res.issues); len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("SARIF results on %v, JSON issues on %v", got, want)
	}
}
