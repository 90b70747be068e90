package e2e

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/internal/testfiles"
)

// gcl is the path of the custom golangci-lint binary.
var gcl string

func TestMain(m *testing.M) {
	path, err := gclBinary()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	gcl = path
	os.Exit(m.Run())
}

// gclBinary returns the binary the tests run: the one .ci/test.sh built
// or found current in its cache (IDEMVET_GCL names it), or else one built
// here. .ci/test.sh keys its cache on every input of the build (.ci/gcl.sh),
// so that on an empty build cache it need not compile golangci-lint again.
func gclBinary() (string, error) {
	if path := os.Getenv("IDEMVET_GCL"); path != "" {
		if _, err := os.Stat(path); err != nil {
			return "", fmt.Errorf("IDEMVET_GCL: %w", err)
		}
		return path, nil
	}
	return buildGCL()
}

// buildGCL builds this command into a cache directory keyed by this module's
// go.sum, so that a new golangci-lint version gets a fresh binary. go build
// relinks only when the plugin's source changed, so the binary is never
// stale and an unchanged one costs nothing.
func buildGCL() (string, error) {
	sum, err := os.ReadFile("../go.sum")
	if err != nil {
		return "", err
	}
	hash := sha256.Sum256(sum)
	dir := os.Getenv("IDEMVET_GCL_CACHE")
	if dir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(cache, "idemvet")
	}
	dir = filepath.Join(dir, "golangci-lint-"+hex.EncodeToString(hash[:8]))
	path := filepath.Join(dir, "golangci-lint")
	cmd := exec.Command("go", "build", "-o", path, ".")
	cmd.Dir = ".."
	if out, err := cmd.CombinedOutput(); err != nil {
		// A requirement the root module gained reaches this module through
		// the replace directive, but its go.sum lines do not.
		return "", fmt.Errorf("building golangci-lint with the idemvet plugin: %v\n%s\n"+
			"(after a dependency change in the root module, run go mod tidy in cmd/golangci-lint-idemvet)", err, out)
	}
	return path, nil
}

// report is the part of golangci-lint's JSON output the tests read.
type report struct {
	Issues []issue
}

type issue struct {
	FromLinter string
	Text       string
	Pos        struct {
		Filename string
		Line     int
	}
}

func (i issue) String() string {
	return fmt.Sprintf("%s:%d: %s (%s)", i.Pos.Filename, i.Pos.Line, i.Text, i.FromLinter)
}

// result is one golangci-lint run.
type result struct {
	issues   []issue
	stderr   string
	exitCode int
}

// lint runs the custom golangci-lint in dir with the given configuration,
// with a cache of its own so that runs with different settings cannot
// share cached results.
func lint(t *testing.T, dir, config string, args ...string) result {
	t.Helper()
	tmp := t.TempDir()
	configPath := filepath.Join(tmp, ".golangci.yml")
	if err := os.WriteFile(configPath, []byte(config), 0o644); err != nil {
		t.Fatal(err)
	}
	return lintWith(t, dir, configPath, filepath.Join(tmp, "cache"), args...)
}

func lintWith(t *testing.T, dir, configPath, cacheDir string, args ...string) result {
	t.Helper()
	args = append([]string{"run", "--allow-parallel-runners", "--config", configPath, "--output.json.path", "stdout", "--output.text.path", "stderr"}, args...)
	cmd := exec.Command(gcl, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+cacheDir)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	res := result{stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		res.exitCode = exit.ExitCode()
	case err != nil:
		t.Fatalf("running golangci-lint: %v", err)
	}
	if stdout.Len() > 0 {
		var r report
		if err := json.NewDecoder(&stdout).Decode(&r); err != nil {
			t.Fatalf("decoding golangci-lint's JSON output: %v\n%s", err, stdout.Bytes())
		}
		res.issues = r.Issues
	}
	return res
}

const fixture = "testdata/fixture"

// payments is the fixture's package that most tests lint alone: it
// imports context and database/sql, 67 standard packages below it, where
// the jobs package's net/http brings 187. Each run with settings of its
// own has go vet analyse those afresh, so the tests that need no RETRY
// finding (which is in jobs) lint payments alone.
const payments = "./payments/..."

// marked is a line of the fixture carrying a marker in a trailing comment.
type marked struct {
	file string // relative to the fixture module
	line int
}

// markedLines returns the lines of the fixture's packages that carry the
// marker, so the expectations follow the fixture when it is edited.
func markedLines(t *testing.T, marker string) []marked {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(fixture, "*", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []marked
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(fixture, file)
		for i, line := range strings.Split(string(data), "\n") {
			if _, comment, ok := strings.Cut(line, "//"); ok && strings.Contains(comment, marker) {
				lines = append(lines, marked{filepath.ToSlash(rel), i + 1})
			}
		}
	}
	if len(lines) == 0 {
		t.Fatalf("no line of the fixture is marked %s", marker)
	}
	return lines
}

// configFor returns a .golangci.yml enabling only idemvet, with the
// plugin's settings given as YAML lines.
func configFor(settings ...string) string {
	var b strings.Builder
	b.WriteString(`version: "2"
run:
  relative-path-mode: gomod
linters:
  default: none
  enable:
    - idemvet
  settings:
    custom:
      idemvet:
        type: module
        description: unsafe deduplication and idempotency patterns
`)
	if len(settings) > 0 {
		b.WriteString("        settings:\n")
		for _, s := range settings {
			b.WriteString("          " + s + "\n")
		}
	}
	return b.String()
}

func issueLines(issues []issue) []marked {
	var lines []marked
	for _, i := range issues {
		lines = append(lines, marked{i.Pos.Filename, i.Pos.Line})
	}
	sortMarked(lines)
	return lines
}

func sortMarked(lines []marked) {
	slices.SortFunc(lines, func(a, b marked) int {
		return cmp.Or(strings.Compare(a.file, b.file), cmp.Compare(a.line, b.line))
	})
}

// markedWith returns the lines carrying any of the markers, sorted.
func markedWith(t *testing.T, markers ...string) []marked {
	t.Helper()
	var lines []marked
	for _, m := range markers {
		lines = append(lines, markedLines(t, m)...)
	}
	sortMarked(lines)
	return lines
}

func TestFindings(t *testing.T) {
	res := lint(t, fixture, configFor(), payments)
	if res.exitCode != 1 {
		t.Errorf("exit code %d, want 1 (issues found)\n%s", res.exitCode, res.stderr)
	}
	want := markedWith(t, "FINDING")
	if got := issueLines(res.issues); !slices.Equal(got, want) {
		t.Errorf("issues on lines %v, want %v:\n%v\n%s", got, want, res.issues, res.stderr)
	}
	for _, i := range res.issues {
		if i.FromLinter != "idemvet" || !strings.HasPrefix(i.Text, "checkthenact: ") || !strings.HasPrefix(i.Pos.Filename, "payments/") {
			t.Errorf("issue %v: want linter idemvet, text prefixed by its check, a path relative to the module", i)
		}
	}
}

func TestDirectivesSuppress(t *testing.T) {
	// The NOLINT and IGNORE lines race like the FINDING line; that they are
	// missing from TestFindings's exact list is what shows the directives
	// work. Here, check that they would be reported without them.
	data, err := os.ReadFile(filepath.Join(fixture, "payments", "payments.go"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	undirected := strings.NewReplacer("//nolint:idemvet", "//", "//idemvet:ignore", "//").Replace(string(data))
	mustWrite(t, filepath.Join(dir, "go.mod"), "module example.com/fixture\n\ngo 1.26.0\n")
	mustWrite(t, filepath.Join(dir, "payments", "payments.go"), undirected)
	res := lint(t, dir, configFor())
	want := markedWith(t, "FINDING", "NOLINT", "IGNORE")
	// The //idemvet:ignore directive sits on the line above its finding.
	ignored := markedLines(t, "IGNORE")
	for i, m := range want {
		if slices.Contains(ignored, m) {
			want[i].line++
		}
	}
	if got := issueLines(res.issues); !slices.Equal(got, want) {
		t.Errorf("without directives, issues on lines %v, want %v:\n%v\n%s", got, want, res.issues, res.stderr)
	}
}

func TestUnusedIgnoreReported(t *testing.T) {
	dir := t.TempDir()
	mustWrite(t, filepath.Join(dir, "go.mod"), "module example.com/unused\n\ngo 1.26.0\n")
	mustWrite(t, filepath.Join(dir, "p", "p.go"), `package p

func F() int {
	return 1 //idemvet:ignore checkthenact nothing here races
}
`)
	res := lint(t, dir, configFor())
	if res.exitCode != 1 || len(res.issues) != 1 || !strings.Contains(res.issues[0].Text, "suppresses nothing") {
		t.Errorf("exit code %d, issues %v; want one unused-directive issue\n%s", res.exitCode, res.issues, res.stderr)
	}
}

func TestSettingsTakeEffect(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings []string
		pattern  string
		markers  []string
		// full: the case lints ./..., net/http's standard packages and
		// all, under settings of its own: the full tier only.
		full bool
	}{
		{"extra names", []string{"exists: [Ledger.Seen]", "insert: [Ledger.Record]"}, payments, []string{"FINDING", "SETTINGS"}, false},
		{"retry helper and key header", []string{"retry: [Queue.Submit]", "keyheaders: [X-Capture-Key]"}, "./...", []string{"FINDING", "RETRY"}, true},
		{"retry helper alone", []string{"retry: [Queue.Submit]"}, "./...", []string{"FINDING"}, true},
		{"comma-separated, as on the command line", []string{`exists: "example.com/fixture/payments.Ledger.Seen"`, `insert: "Record, NoSuchFunction"`}, payments, []string{"FINDING", "SETTINGS"}, false},
		{"half the pattern named", []string{"exists: [Ledger.Seen]"}, payments, []string{"FINDING"}, false},
		{"enable", []string{"enable: [checkthenact]"}, payments, []string{"FINDING"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.full {
				testfiles.FullEndToEnd(t)
			}
			// Each setting keys go vet's results afresh, so each run
			// analyses the fixture and its standard packages again; side
			// by side, one run's analysis fills the other's waits.
			t.Parallel()
			res := lint(t, fixture, configFor(tc.settings...), tc.pattern)
			want := markedWith(t, tc.markers...)
			if got := issueLines(res.issues); !slices.Equal(got, want) {
				t.Errorf("issues on lines %v, want %v:\n%v\n%s", got, want, res.issues, res.stderr)
			}
		})
	}
}

func TestDisableEverything(t *testing.T) {
	res := lint(t, fixture, configFor("disable: ["+strings.Join(checkNames(t), ", ")+"]"), payments)
	if res.exitCode != 0 || len(res.issues) != 0 {
		t.Errorf("with every check disabled: exit code %d, issues %v\n%s", res.exitCode, res.issues, res.stderr)
	}
}

// checkNames asks the plugin for the suite's checks, through the error it
// gives for an unknown one, so the test follows the suite as it grows.
func checkNames(t *testing.T) []string {
	t.Helper()
	res := lint(t, fixture, configFor("enable: [no-such-check]"), payments)
	_, list, ok := strings.Cut(res.stderr, "the checks are ")
	if !ok {
		t.Fatalf("no list of checks in:\n%s", res.stderr)
	}
	list, _, _ = strings.Cut(list, "\n")
	return strings.Split(strings.TrimSpace(list), ", ")
}

func TestBadSettingsFailClearly(t *testing.T) {
	for _, tc := range []struct {
		name     string
		settings []string
		want     []string
	}{
		{"misspelled key", []string{"exist: [Ledger.Seen]"}, []string{`unknown field "exist"`, "the settings are: enable, disable, exists, insert, claim, retry, keyheaders"}},
		{"misspelled check", []string{"disable: [checkthenat]"}, []string{`unknown check "checkthenat"`}},
		{"wrong type", []string{"exists: 3"}, []string{"want a list of names or a comma-separated string"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := lint(t, fixture, configFor(tc.settings...), payments)
			if res.exitCode == 0 || res.exitCode == 1 {
				t.Errorf("exit code %d, want a failure other than issues found", res.exitCode)
			}
			for _, w := range tc.want {
				if !strings.Contains(res.stderr, w) {
					t.Errorf("stderr lacks %q:\n%s", w, res.stderr)
				}
			}
			if len(res.issues) != 0 {
				t.Errorf("issues reported despite the bad configuration: %v", res.issues)
			}
		})
	}
}

func mustWrite(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrokenPackageSaysSo: with idemvet the only linter, golangci-lint
// type-checks nothing, so a package go vet could not analyse would pass in
// silence; the plugin reports it on that package instead, and the rest of
// the module is still analysed (go vet refuses to run at all when one
// package does not load, so the plugin leaves such packages out).
func TestBrokenPackageSaysSo(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":       "module example.com/broken\n\ngo 1.22\n",
		"good/good.go": "package good\n\nfunc Good() int { return 1 }\n",
		"bad/bad.go":   "package bad\n\nfunc Bad() int { return undefinedThing }\n",
		"gone/gone.go": "package gone\n\nimport _ \"example.com/nosuch/pkg\"\n",
		"pay/pay.go":   testfiles.CheckThenInsert,
	}
	testfiles.Write(t, dir, files)
	res := lint(t, dir, configFor(), "./...")
	got := map[string]string{}
	for _, i := range res.issues {
		got[i.Pos.Filename] = i.Text
	}
	want := map[string][]string{
		"bad/bad.go":   {"could not be analysed", "undefinedThing"},
		"gone/gone.go": {"could not be analysed", "does not load", "example.com/nosuch/pkg"},
		"pay/pay.go":   {"checkthenact: "}, // the module's other packages are analysed
	}
	for file, words := range want {
		for _, w := range words {
			if !strings.Contains(got[file], w) {
				t.Errorf("issue on %s: %q, want it to contain %q\n%s", file, got[file], w, res.stderr)
			}
		}
	}
	if len(got) != len(want) {
		t.Errorf("issues on %d files, want %d (none on good/good.go): %v", len(got), len(want), got)
	}
}

// TestVetsOnlyWhatIsLinted: golangci-lint asked to lint one subtree has
// go vet analyse that subtree, not the whole module (on a large module
// the rest would cost minutes for findings nobody sees). The vet tool is
// an idemvet behind a script that logs each package go vet hands it.
func TestVetsOnlyWhatIsLinted(t *testing.T) {
	tmp := t.TempDir()
	idemvet := filepath.Join(tmp, "idemvet")
	if out, err := exec.Command("go", "build", "-C", "../../..", "-o", idemvet, "./cmd/idemvet").CombinedOutput(); err != nil {
		t.Fatalf("building idemvet: %v\n%s", err, out)
	}
	log, wrapper := filepath.Join(tmp, "units.log"), filepath.Join(tmp, "logging-idemvet")
	script := "#!/bin/sh\nfor a; do last=$a; done\n" +
		"case $last in *.cfg) grep -o '\"ImportPath\": *\"[^\"]*\"' \"$last\" >> " + log + ";; esac\n" +
		"exec " + idemvet + " \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("IDEMVET_VETTOOL", wrapper)
	dir := filepath.Join(tmp, "module")
	testfiles.Write(t, dir, map[string]string{
		"go.mod":       "module example.com/subtree\n\ngo 1.22\n",
		"good/good.go": "package good\n\nfunc Good() int { return 1 }\n",
		"pay/pay.go":   testfiles.CheckThenInsert,
	})
	for _, tc := range []struct {
		pattern   string
		want, not []string
	}{
		{"./pay/...", []string{"example.com/subtree/pay"}, []string{"example.com/subtree/good"}},
		{"./...", []string{"example.com/subtree/pay", "example.com/subtree/good"}, nil},
	} {
		if err := os.RemoveAll(log); err != nil {
			t.Fatal(err)
		}
		// A key header of its own, so that go vet's result cache, keyed by
		// the vet tool's flags, does not answer for the run before.
		res := lint(t, dir, configFor("keyheaders: [X-Run-"+strings.Trim(tc.pattern, "./")+"]"), tc.pattern)
		if len(res.issues) != 1 || res.issues[0].Pos.Filename != "pay/pay.go" {
			t.Errorf("run %s: issues %v, want the one on pay/pay.go\n%s", tc.pattern, res.issues, res.stderr)
		}
		units, err := os.ReadFile(log)
		if err != nil {
			t.Fatalf("run %s: the vet tool logged nothing: %v\n%s", tc.pattern, err, res.stderr)
		}
		for _, p := range tc.want {
			if !strings.Contains(string(units), `"`+p+`"`) {
				t.Errorf("run %s: go vet did not analyse %s; it analysed:\n%s", tc.pattern, p, units)
			}
		}
		for _, p := range tc.not {
			if strings.Contains(string(units), `"`+p+`"`) {
				t.Errorf("run %s: go vet analysed %s, which golangci-lint does not lint", tc.pattern, p)
			}
		}
	}
}

// TestInstalledVetTool: with IDEMVET_VETTOOL naming an installed idemvet,
// go vet runs it (it starts faster than golangci-lint's binary) and the
// findings are the same; a program that is not idemvet is refused.
func TestInstalledVetTool(t *testing.T) {
	idemvet := filepath.Join(t.TempDir(), "idemvet")
	if out, err := exec.Command("go", "build", "-C", "../../..", "-o", idemvet, "./cmd/idemvet").CombinedOutput(); err != nil {
		t.Fatalf("building idemvet: %v\n%s", err, out)
	}
	t.Setenv("IDEMVET_VETTOOL", idemvet)
	res := lint(t, fixture, configFor(), payments)
	if got, want := issueLines(res.issues), markedWith(t, "FINDING"); !slices.Equal(got, want) {
		t.Errorf("with IDEMVET_VETTOOL: issues on lines %v, want %v\n%s", got, want, res.stderr)
	}

	notIdemvet, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("IDEMVET_VETTOOL", notIdemvet)
	res = lint(t, fixture, configFor(), payments)
	if res.exitCode == 0 || !strings.Contains(res.stderr, "is not idemvet") {
		t.Errorf("IDEMVET_VETTOOL=%s: exit code %d, want a failure saying it is not idemvet\n%s", notIdemvet, res.exitCode, res.stderr)
	}
}

// TestBuiltVetTool: without IDEMVET_VETTOOL the plugin builds idemvet's
// command from the plugin's own source into the user's cache, once, and go
// vet runs that; on a build cache that lacks the checks' packages it builds
// the shim instead, which hands each unit back to golangci-lint's workers;
// where it can build neither (no usable cache directory), go vet runs the
// golangci-lint binary itself. The findings are the same every way.
func TestBuiltVetTool(t *testing.T) {
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	// XDG_CACHE_HOME moves go's build cache too: keep that one.
	t.Setenv("GOCACHE", strings.TrimSpace(string(gocache)))
	t.Setenv("IDEMVET_VETTOOL", "")
	want := markedWith(t, "FINDING")

	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	userCache, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	tools := filepath.Join(userCache, "idemvet", "golangci-tools", "*")
	var built os.FileInfo
	for run := 1; run <= 2; run++ {
		res := lint(t, fixture, configFor(), payments)
		if got := issueLines(res.issues); !slices.Equal(got, want) {
			t.Errorf("run %d: issues on lines %v, want %v\n%s", run, got, want, res.stderr)
		}
		found, _ := filepath.Glob(filepath.Join(tools, "*"))
		if len(found) != 1 || filepath.Base(found[0]) != "idemvet" {
			t.Fatalf("run %d: tools built in the user cache: %v, want idemvet alone", run, found)
		}
		info, err := os.Stat(found[0])
		if err != nil {
			t.Fatal(err)
		}
		if built != nil && !info.ModTime().Equal(built.ModTime()) {
			t.Errorf("run %d rebuilt the vet tool though its source is unchanged", run)
		}
		built = info
		if out, err := exec.Command(found[0], "-V=full").Output(); err != nil || !strings.HasPrefix(string(out), "idemvet version ") {
			t.Errorf("the built vet tool says %q (%v), want idemvet's version", out, err)
		}
	}

	// A build cache without idemvet's packages: the shim, and go vet
	// compiles only what it compiles for plain go vet.
	t.Setenv("GOCACHE", testfiles.CacheWithoutIdemvet(t))
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	if userCache, err = os.UserCacheDir(); err != nil {
		t.Fatal(err)
	}
	res := lint(t, fixture, configFor(freshAnalysis()), payments)
	if got := issueLines(res.issues); !slices.Equal(got, want) {
		t.Errorf("on an empty build cache (the shim): issues on lines %v, want %v\n%s", got, want, res.stderr)
	}
	found, _ := filepath.Glob(filepath.Join(userCache, "idemvet", "golangci-tools", "*", "*"))
	if len(found) != 1 || filepath.Base(found[0]) != "idemvet-shim" {
		t.Errorf("on an empty build cache: tools built in the user cache: %v, want the shim alone", found)
	}
	// Outside the plugin's go vet the shim has no process to forward to.
	if len(found) == 1 {
		if out, err := exec.Command(found[0], "-V=full").CombinedOutput(); err == nil || !strings.Contains(string(out), "IDEMVET_FORWARD_SOCKET is not set") {
			t.Errorf("the shim run alone says %q (%v), want a failure naming its socket variable", out, err)
		}
	}

	unusable := filepath.Join(t.TempDir(), "a-file")
	if err := os.WriteFile(unusable, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_CACHE_HOME", unusable)
	res = lint(t, fixture, configFor(), payments)
	if got := issueLines(res.issues); !slices.Equal(got, want) {
		t.Errorf("with no usable cache (golangci-lint's binary as the vet tool): issues on lines %v, want %v\n%s", got, want, res.stderr)
	}
}

// TestDependencyThenLinted: a package go vet first analysed only as a
// dependency of the linted one (checkout imports pay) is analysed in full
// when it is linted next, not replayed from go vet's cache as clean
// (vettool.DepFindingsFlag). The near miss: the first run reports none of
// pay's findings.
func TestDependencyThenLinted(t *testing.T) {
	dir := t.TempDir()
	testfiles.Write(t, dir, map[string]string{
		"go.mod":               "module example.com/depthen\n\ngo 1.22\n",
		"pay/pay.go":           testfiles.CheckThenInsert,
		"checkout/checkout.go": "package checkout\n\nimport _ \"example.com/depthen/pay\"\n\nfunc Buy() int { return 1 }\n",
	})
	// One configuration for both runs, with a key header of its own so
	// that no earlier test's go vet results answer for them.
	config := configFor("keyheaders: [X-Run-Depthen]")
	if res := lint(t, dir, config, "./checkout/..."); len(res.issues) != 0 {
		t.Errorf("lint ./checkout/...: issues %v, want none (pay is not linted)\n%s", res.issues, res.stderr)
	}
	res := lint(t, dir, config, "./pay/...")
	if len(res.issues) != 1 || res.issues[0].Pos.Filename != "pay/pay.go" {
		t.Errorf("lint ./pay/... after ./checkout/...: issues %v, want the one on pay/pay.go\n%s", res.issues, res.stderr)
	}
}
