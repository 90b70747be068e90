package main

// Tests of idemvet as go vet -vettool and go fix -fixtool, on a copy of the
// module in testdata/vetmod. The binary and the go command come from
// realworld_test.go's helpers.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/idemvet/idemvet/analyzers"
	"github.com/idemvet/idemvet/internal/apis"
)

const vetmod = "testdata/vetmod"

// vetRun is one run of a command over the module copy.
type vetRun struct {
	stdout, stderr string
	exitCode       int
}

// vetCopy copies testdata/vetmod to a temporary directory, so that go fix
// cannot touch the original.
func vetCopy(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(vetmod)); err != nil {
		t.Fatal(err)
	}
	return dir
}

func vetExec(t *testing.T, dir string, args ...string) vetRun {
	t.Helper()
	return vetExecEnv(t, dir, nil, args...)
}

// vetExecEnv is vetExec with extra environment variables, which win.
func vetExecEnv(t *testing.T, dir string, env []string, args ...string) vetRun {
	t.Helper()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = slices.Concat(os.Environ(), []string{"GOWORK=off", "GOFLAGS="}, env)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	run := vetRun{stdout: stdout.String(), stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		run.exitCode = exit.ExitCode()
	case err != nil:
		t.Fatalf("%s: %v", strings.Join(args, " "), err)
	}
	return run
}

// goVet runs go vet -vettool=idemvet with the extra arguments.
func goVet(t *testing.T, dir string, args ...string) vetRun {
	t.Helper()
	return vetExec(t, dir, slices.Concat([]string{goCommand(t), "vet", "-vettool=" + idemvetBinary(t)}, args)...)
}

// vetMarkedLines returns the lines of pay/pay.go whose trailing comment
// carries the marker.
func vetMarkedLines(t *testing.T, markers ...string) []int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(vetmod, "pay", "pay.go"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for i, line := range strings.Split(string(data), "\n") {
		for _, m := range markers {
			if strings.HasSuffix(line, "// "+m) {
				lines = append(lines, i+1)
			}
		}
	}
	if len(lines) == 0 {
		t.Fatalf("no line of pay.go is marked %v", markers)
	}
	return lines
}

// vetPosnRE matches the start of a finding as go vet prints it: a path
// relative to the directory go vet ran in.
var vetPosnRE = regexp.MustCompile(`(?m)^pay/pay\.go:(\d+):\d+: `)

// findingLines returns the lines of pay.go that output reports, once each.
func findingLines(output string) []int {
	var lines []int
	for _, m := range vetPosnRE.FindAllStringSubmatch(output, -1) {
		var n int
		fmt.Sscan(m[1], &n)
		lines = append(lines, n)
	}
	slices.Sort(lines)
	return slices.Compact(lines)
}

// relatedLines returns the lines of the related locations go vet prints
// indented under a finding, which findingLines also sees.
func relatedLines(t *testing.T, output string) []int {
	t.Helper()
	var lines []int
	for _, m := range regexp.MustCompile(`(?m)^pay/pay\.go:(\d+):\d+: \t`).FindAllStringSubmatch(output, -1) {
		var n int
		fmt.Sscan(m[1], &n)
		lines = append(lines, n)
	}
	return lines
}

func withoutRelated(t *testing.T, output string) []int {
	t.Helper()
	related := relatedLines(t, output)
	return slices.DeleteFunc(findingLines(output), func(l int) bool { return slices.Contains(related, l) })
}

func sortedLines(groups ...[]int) []int {
	lines := slices.Concat(groups...)
	slices.Sort(lines)
	return lines
}

func TestVetTool(t *testing.T) {
	dir := vetCopy(t)
	run := goVet(t, dir, "./...")
	if run.exitCode != 1 {
		t.Errorf("go vet exit code %d, want 1\n%s", run.exitCode, run.stderr)
	}
	want := sortedLines(vetMarkedLines(t, "FINDING"), vetMarkedLines(t, "UNUSED"))
	if got := withoutRelated(t, run.stderr); !slices.Equal(got, want) {
		t.Errorf("go vet reports lines %v, want %v (relative to the module):\n%s", got, want, run.stderr)
	}
	if !strings.Contains(run.stderr, "//idemvet:ignore checkthenact suppresses nothing here") {
		t.Errorf("the unused directive is not reported:\n%s", run.stderr)
	}

	clean := goVet(t, dir, "./clean")
	if clean.exitCode != 0 || clean.stderr != "" {
		t.Errorf("go vet on a clean package: exit code %d, output:\n%s", clean.exitCode, clean.stderr)
	}
}

func TestVetToolFlags(t *testing.T) {
	dir := vetCopy(t)
	all := sortedLines(vetMarkedLines(t, "FINDING"), vetMarkedLines(t, "UNUSED"), vetMarkedLines(t, "FLAGS"))
	// The settings flags reach the helper pass that uses them, through go
	// vet and standalone alike.
	run := goVet(t, dir, "-exists=Ledger.Seen", "-insert=example.com/vetmod/pay.Ledger.Record", "./...")
	if got := withoutRelated(t, run.stderr); run.exitCode != 1 || !slices.Equal(got, all) {
		t.Errorf("go vet -exists -insert: exit code %d, lines %v, want 1 and %v\n%s", run.exitCode, got, all, run.stderr)
	}
	standalone := vetExec(t, dir, idemvetBinary(t), "-exists=Ledger.Seen", "-insert=Ledger.Record", "./...")
	if standalone.exitCode != 3 || !strings.Contains(standalone.stderr, "the existence check Seen") {
		t.Errorf("idemvet -exists -insert: exit code %d, want 3 and the Seen finding\n%s", standalone.exitCode, standalone.stderr)
	}
	// -NAME=false turns a check off.
	off := goVet(t, dir, "-checkthenact=false", "./...")
	if off.exitCode != 0 || off.stderr != "" {
		t.Errorf("go vet -checkthenact=false: exit code %d, output:\n%s", off.exitCode, off.stderr)
	}
	// go vet refuses a flag the tool does not declare, naming it.
	bad := goVet(t, dir, "-exist=Ledger.Seen", "./...")
	if bad.exitCode == 0 || !strings.Contains(bad.stderr, "exist") {
		t.Errorf("go vet -exist: exit code %d, want a failure naming the flag\n%s", bad.exitCode, bad.stderr)
	}
}

// vetJSON is the -json output of both drivers: package, then check, then
// findings.
type vetJSON map[string]map[string][]struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
}

func (j vetJSON) lines(t *testing.T) []int {
	t.Helper()
	var lines []int
	for _, checks := range j {
		for check, findings := range checks {
			if analyzers.ByName(check) == nil {
				t.Errorf("findings under %q, which is not a check", check)
			}
			for _, f := range findings {
				parts := strings.Split(f.Posn, ":")
				var n int
				fmt.Sscan(parts[len(parts)-2], &n)
				lines = append(lines, n)
			}
		}
	}
	slices.Sort(lines)
	return lines
}

func TestVetToolJSON(t *testing.T) {
	dir := vetCopy(t)
	want := sortedLines(vetMarkedLines(t, "FINDING"), vetMarkedLines(t, "UNUSED"))

	run := goVet(t, dir, "-json", "./...")
	if run.exitCode != 0 {
		t.Errorf("go vet -json exit code %d, want 0\n%s", run.exitCode, run.stderr)
	}
	// go vet prints one JSON object per package, some after a # comment,
	// on standard output (older go commands: standard error).
	var got []int
	var objects strings.Builder
	for _, line := range strings.SplitAfter(run.stdout+run.stderr, "\n") {
		if !strings.HasPrefix(line, "#") {
			objects.WriteString(line)
		}
	}
	dec := json.NewDecoder(strings.NewReader(objects.String()))
	for dec.More() {
		var j vetJSON
		if err := dec.Decode(&j); err != nil {
			t.Fatalf("go vet -json: %v\n%s", err, run.stderr)
		}
		got = append(got, j.lines(t)...)
	}
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("go vet -json reports lines %v, want %v\n%s", got, want, run.stderr)
	}

	standalone := vetExec(t, dir, idemvetBinary(t), "-json", "./...")
	var j vetJSON
	if err := json.Unmarshal([]byte(standalone.stdout), &j); err != nil || standalone.exitCode != 0 {
		t.Fatalf("idemvet -json: exit code %d, %v\n%s%s", standalone.exitCode, err, standalone.stdout, standalone.stderr)
	}
	if got := j.lines(t); !slices.Equal(got, want) {
		t.Errorf("idemvet -json reports lines %v, want %v", got, want)
	}
}

func TestFixTool(t *testing.T) {
	dir := vetCopy(t)
	fix := []string{goCommand(t), "fix", "-fixtool=" + idemvetBinary(t)}

	diff := vetExec(t, dir, slices.Concat(fix, []string{"-diff", "./..."})...)
	if diff.exitCode == 0 || !strings.Contains(diff.stdout+diff.stderr, "+\t\t_, err := db.ExecContext(ctx, `INSERT INTO payments (key) VALUES ($1) ON CONFLICT (key) DO NOTHING`, key)") {
		t.Errorf("go fix -diff: exit code %d, want non-zero and the fix as a diff\n%s%s", diff.exitCode, diff.stdout, diff.stderr)
	}

	applied := vetExec(t, dir, slices.Concat(fix, []string{"./..."})...)
	if applied.exitCode != 0 {
		t.Fatalf("go fix: exit code %d\n%s%s", applied.exitCode, applied.stdout, applied.stderr)
	}
	fixed, err := os.ReadFile(filepath.Join(dir, "pay", "pay.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(fixed, []byte("VALUES ($1) ON CONFLICT (key) DO NOTHING`")) {
		t.Errorf("go fix did not apply the fix:\n%s", fixed)
	}
	if build := vetExec(t, dir, goCommand(t), "build", "./..."); build.exitCode != 0 {
		t.Errorf("the fixed module does not build:\n%s", build.stderr)
	}
	// Fixed, the race is gone; the unused directive is still reported.
	after := goVet(t, dir, "./...")
	if got, want := withoutRelated(t, after.stderr), vetMarkedLines(t, "UNUSED"); after.exitCode != 1 || !slices.Equal(got, want) {
		t.Errorf("go vet after go fix: exit code %d, lines %v, want 1 and %v\n%s", after.exitCode, got, want, after.stderr)
	}
}

// TestDiagnosticURLs runs the suite through the x/tools checker, which
// resolves each diagnostic's URL the way gopls shows it: a finding with a
// mechanical fix links to its check's documentation page, one without a
// fix may link to the runtime claim API that does it right instead.
func TestDiagnosticURLs(t *testing.T) {
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Dir: vetmod, Env: append(os.Environ(), "GOWORK=off", "GOFLAGS=")}
	pkgs, err := packages.Load(cfg, "./pay")
	if err != nil {
		t.Fatal(err)
	}
	graph, err := checker.Analyze(analyzers.All(), pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Fatal(act.Err)
		}
		for _, d := range act.Diagnostics {
			n++
			want := analyzers.DocURL(act.Analyzer.Name)
			toRuntime := len(d.SuggestedFixes) == 0 && (d.URL == apis.RuntimeClaimURL || d.URL == apis.RuntimeEffectURL)
			if d.URL != want && !strings.HasPrefix(d.URL, want+"#") && !toRuntime {
				t.Errorf("%s: URL %q, want %s", d.Message, d.URL, want)
			}
		}
	}
	if n == 0 {
		t.Error("no diagnostics to check")
	}
}

// TestFlagsListed checks what go vet learns from idemvet -flags, and so
// accepts on its command line: the settings flags and one switch per check.
func TestFlagsListed(t *testing.T) {
	out, err := exec.Command(idemvetBinary(t), "-flags").Output()
	if err != nil {
		t.Fatal(err)
	}
	var flags []struct{ Name string }
	if err := json.Unmarshal(out, &flags); err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, f := range flags {
		listed[f.Name] = true
	}
	want := []string{"exists", "insert", "claim", "retry", "keyheaders", "json"}
	for _, a := range analyzers.All() {
		want = append(want, a.Name)
	}
	for _, name := range want {
		if !listed[name] {
			t.Errorf("idemvet -flags does not list -%s", name)
		}
	}
}
