package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// cycleSource is a package with a cycle of n calls whose insert's summary
// reaches one caller further each round the model runs: twenty calls are
// one more than the model's bounded rounds settle (see
// passes/dataaccess/testdata/src/cycles).
func cycleSource(n int) string {
	var b strings.Builder
	b.WriteString("package cycles\n\nimport (\n\t\"context\"\n\t\"database/sql\"\n)\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "\nfunc step%d(ctx context.Context, db *sql.DB, n int) error {\n\tif n == 0 {\n", i)
		if i == n {
			b.WriteString("\t\t_, err := db.ExecContext(ctx, `INSERT INTO feeds (url) VALUES ($1)`, \"u\")\n\t\treturn err\n")
		} else {
			b.WriteString("\t\treturn nil\n")
		}
		fmt.Fprintf(&b, "\t}\n\treturn step%d(ctx, db, n-1)\n}\n", i%n+1)
	}
	return b.String()
}

const cutLine = "idemvet: 1 function in 1 package was cut at an analysis budget (summary rounds 20); findings there may be missing"

// TestBudgetCutSummary checks that a run in which an analysis stopped at
// a budget says so in one line on standard error and in a SARIF warning,
// with the exit status it would have without the cut, and that a run one
// call short of the budget says nothing.
func TestBudgetCutSummary(t *testing.T) {
	cut := vetCopy(t)
	writeFile(t, filepath.Join(cut, "cycles", "cycles.go"), cycleSource(20))
	run := standaloneRun(t, cut, "./...")
	if !strings.Contains(run.stderr, "\n"+cutLine+"\n") && !strings.HasPrefix(run.stderr, cutLine+"\n") {
		t.Errorf("no line %q on standard error:\n%s", cutLine, run.stderr)
	}
	if strings.Count(run.stderr, "analysis budget") != 1 {
		t.Errorf("the cut is to be told once, as a summary, not as findings:\n%s", run.stderr)
	}
	if run.exitCode != exitFindings { // vetmod's findings, as without the cut
		t.Errorf("exit code %d, want %d: a cut does not change the status\n%s", run.exitCode, exitFindings, run.stderr)
	}

	sarif := standaloneRun(t, cut, "-sarif", "./...")
	var log sarifLog
	if err := json.Unmarshal([]byte(sarif.stdout), &log); err != nil {
		t.Fatalf("-sarif output: %v\n%s", err, sarif.stdout)
	}
	inv := log.Runs[0].Invocations[0]
	want := sarifNotification{Level: "warning", Message: sarifMessage{strings.TrimPrefix(cutLine, "idemvet: ")}}
	if len(inv.ToolExecutionNotifications) != 1 || inv.ToolExecutionNotifications[0] != want || !inv.ExecutionSuccessful {
		t.Errorf("SARIF invocation %+v, want the one warning %+v and a successful run", inv, want)
	}

	// Near miss: a cycle of nineteen settles within the rounds.
	shallow := vetCopy(t)
	writeFile(t, filepath.Join(shallow, "cycles", "cycles.go"), cycleSource(19))
	if run := standaloneRun(t, shallow, "./..."); strings.Contains(run.stderr, "analysis budget") || run.exitCode != exitFindings {
		t.Errorf("a cycle that settles: exit code %d, want %d, and no cut line:\n%s", run.exitCode, exitFindings, run.stderr)
	}
}
