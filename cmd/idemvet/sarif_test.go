package main

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/analyzers"
	"github.com/idemvet/idemvet/internal/sariftest"
)

// validSARIF checks out against the SARIF 2.1.0 schema and decodes it.
func validSARIF(t *testing.T, out string) sarifLog {
	t.Helper()
	if err := sariftest.Validate([]byte(out)); err != nil {
		t.Fatalf("-sarif output: %v\n%s", err, out)
	}
	var log sarifLog
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatal(err)
	}
	return log
}

// TestSARIF checks the -sarif output on the vet module: valid SARIF, a
// rule per check linking to its page, each finding with the other half of
// its race and its fix, and the finding a directive silenced recorded as
// a suppression with the directive's reason rather than dropped.
func TestSARIF(t *testing.T) {
	dir := vetCopy(t)
	r := standaloneRun(t, dir, "-sarif", "./...")
	if r.exitCode != exitClean {
		t.Errorf("exit code %d, want %d (findings go to the output, as with -json)\n%s", r.exitCode, exitClean, r.stderr)
	}
	log := validSARIF(t, r.stdout)
	run := log.Runs[0]
	var rules []string
	for _, rule := range run.Tool.Driver.Rules {
		rules = append(rules, rule.ID)
		if rule.HelpURI != analyzers.DocURL(rule.ID) {
			t.Errorf("rule %s: helpUri %q, want %q", rule.ID, rule.HelpURI, analyzers.DocURL(rule.ID))
		}
	}
	for _, a := range analyzers.All() {
		if !slices.Contains(rules, a.Name) {
			t.Errorf("no rule for %s", a.Name)
		}
	}
	text := standaloneRun(t, dir, "./...")
	var lines []int
	suppressed := 0
	for _, res := range run.Results {
		loc := res.Locations[0].PhysicalLocation
		if len(res.Suppressions) > 0 {
			suppressed++
			if got := res.Suppressions[0].Justification; got != "refunds are written by a single worker" {
				t.Errorf("suppression at line %d: justification %q", loc.Region.StartLine, got)
			}
			continue
		}
		if loc.ArtifactLocation.URI != "pay/pay.go" || loc.ArtifactLocation.URIBaseID != srcRoot {
			t.Errorf("finding in %+v, want pay/pay.go under %s", loc.ArtifactLocation, srcRoot)
		}
		lines = append(lines, loc.Region.StartLine)
		if res.RuleID == "checkthenact" && strings.HasPrefix(res.Message.Text, "check-then-act race") && (len(res.RelatedLocations) == 0 || len(res.Fixes) == 0) {
			t.Errorf("line %d: a check-then-insert without its insert (%d related) or its fix (%d)", loc.Region.StartLine, len(res.RelatedLocations), len(res.Fixes))
		}
	}
	// The findings are the text form's; the one a directive covers is
	// there too, as a suppression, and only in SARIF.
	if want := withoutRelatedText(text.stderr); !slices.Equal(lines, want) {
		t.Errorf("unsuppressed results on lines %v, the text form's on %v", lines, want)
	}
	if suppressed != 1 || strings.Contains(text.stderr, "refunds are written") {
		t.Errorf("%d suppressed results, want 1 (and none in the text form)", suppressed)
	}
	if !run.Invocations[0].ExecutionSuccessful || len(run.Invocations[0].ToolExecutionNotifications) > 0 {
		t.Errorf("a complete run reported as %+v", run.Invocations[0])
	}

	// Near miss: packages that could not be analysed make the run
	// unsuccessful, each named where code scanning shows it.
	broken := standaloneRun(t, brokenModule(t), "-sarif", "./...")
	inv := validSARIF(t, broken.stdout).Runs[0].Invocations[0]
	if broken.exitCode != exitIncomplete || inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 6 ||
		!strings.Contains(inv.ToolExecutionNotifications[0].Message.Text, "example.com/vetmod/missing does not load") {
		t.Errorf("incomplete run: exit code %d (want %d), invocation %+v", broken.exitCode, exitIncomplete, inv)
	}
}
