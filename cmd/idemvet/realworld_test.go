package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/idemvet/idemvet/analyzers"
	"github.com/idemvet/idemvet/internal/testfiles"
)

// The real-world module (testdata/realworld) uses the real data-access
// libraries from the module proxy. Its expected findings are marked in the
// source by comments "// want:<check>", one marker per expected finding on
// the line where the finding is reported. The test runs the built idemvet
// binary over the module, standalone and as go vet -vettool, and asserts
// that the findings are exactly the marked ones.

const realworldDir = "../../testdata/realworld"

func TestRealWorld(t *testing.T) {
	testfiles.EndToEnd(t)
	dir, err := filepath.Abs(realworldDir)
	if err != nil {
		t.Fatal(err)
	}
	downloadModuleDeps(t, dir)
	want, err := parseMarkers(dir)
	if err != nil {
		t.Fatal(err)
	}
	bin := idemvetBinary(t)

	drivers := []struct {
		name string
		args []string
		full bool
	}{
		{"standalone", []string{bin, "-json", "./..."}, false},
		// The standalone form's units get -budgetcuts, which keys go vet's
		// results apart, so this form analyses every real library again
		// (over a minute of CPU): the full tier's. The go vet form itself
		// is tested on vetmod (TestVetTool and those after it).
		{"govet", []string{goCommand(t), "vet", "-vettool=" + bin, "-json", "./..."}, true},
	}
	for _, d := range drivers {
		t.Run(d.name, func(t *testing.T) {
			if d.full {
				testfiles.FullEndToEnd(t)
			}
			stdout := runIn(t, dir, d.args...)
			got, analysisErrs, err := decodeFindings(bytes.NewReader(stdout), dir)
			if err != nil {
				t.Fatalf("decoding the JSON output of %s: %v\n%s", strings.Join(d.args, " "), err, stdout)
			}
			for _, e := range analysisErrs {
				t.Errorf("analysis error: %s", e)
			}
			for _, check := range checkNames(want, got) {
				t.Run(check, func(t *testing.T) {
					compareCheck(t, dir, check, want, got)
				})
			}
		})
	}
}

// compareCheck fails t unless the findings of check are exactly its
// markers, and prints both differences with the source lines involved.
func compareCheck(t *testing.T, dir, check string, want, got []finding) {
	t.Helper()
	want, got = onlyCheck(want, check), onlyCheck(got, check)
	if analyzers.ByName(check) == nil {
		if len(want) > 0 {
			t.Fatalf("%d marker(s) want:%s, but no check %q is registered in analyzers/analyzers.go", len(want), check, check)
		}
		// Findings of an analyzer that is not a suite check, e.g. a
		// helper pass reporting, are unexpected by definition.
	}
	if len(want) == 0 && analyzers.ByName(check) != nil {
		t.Errorf("check %s has no want:%s marker in %s: add real-library cases for it", check, check, realworldDir)
	}
	missing, unexpected := diffFindings(want, got)
	if len(missing) == 0 && len(unexpected) == 0 {
		return
	}
	var b strings.Builder
	if len(missing) > 0 {
		fmt.Fprintf(&b, "%d marked finding(s) not reported:\n", len(missing))
		for _, f := range missing {
			fmt.Fprintf(&b, "\t%s:%d\t%s\n", f.File, f.Line, sourceLine(dir, f))
		}
	}
	if len(unexpected) > 0 {
		fmt.Fprintf(&b, "%d reported finding(s) without a want:%s marker:\n", len(unexpected), check)
		for _, f := range unexpected {
			fmt.Fprintf(&b, "\t%s:%d: %s\n\t\t%s\n", f.File, f.Line, f.Message, sourceLine(dir, f))
		}
	}
	t.Error(b.String())
}

// A finding is one diagnostic, or one expected diagnostic, of a check at
// a line. File is relative to the module directory, with slashes.
type finding struct {
	Check   string
	File    string
	Line    int
	Message string
}

func (f finding) key() string { return fmt.Sprintf("%s %s:%d", f.Check, f.File, f.Line) }

// diffFindings compares two multisets of findings by check, file and line.
// It returns the wanted findings that were not reported and the reported
// findings that were not wanted, each sorted by position.
func diffFindings(want, got []finding) (missing, unexpected []finding) {
	remaining := map[string]int{}
	for _, f := range got {
		remaining[f.key()]++
	}
	for _, f := range want {
		if remaining[f.key()] > 0 {
			remaining[f.key()]--
		} else {
			missing = append(missing, f)
		}
	}
	for _, f := range got {
		if remaining[f.key()] > 0 {
			remaining[f.key()]--
			unexpected = append(unexpected, f)
		}
	}
	sortFindings(missing)
	sortFindings(unexpected)
	return missing, unexpected
}

func sortFindings(fs []finding) {
	slices.SortStableFunc(fs, func(a, b finding) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		return a.Line - b.Line
	})
}

func onlyCheck(fs []finding, check string) []finding {
	var out []finding
	for _, f := range fs {
		if f.Check == check {
			out = append(out, f)
		}
	}
	return out
}

// checkNames lists every check that is registered, marked or reported.
func checkNames(want, got []finding) []string {
	var names []string
	for _, a := range analyzers.All() {
		names = append(names, a.Name)
	}
	for _, f := range slices.Concat(want, got) {
		names = append(names, f.Check)
	}
	slices.Sort(names)
	return slices.Compact(names)
}

var markerRE = regexp.MustCompile(`\bwant:([a-z][a-z0-9_]*)`)

// parseMarkers returns the findings that the comments of the Go files
// under dir expect. Only comments count: a marker inside a string literal
// is not one.
func parseMarkers(dir string) ([]finding, error) {
	var want []finding
	fset := token.NewFileSet()
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		file, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		for _, group := range file.Comments {
			for _, c := range group.List {
				line := fset.Position(c.Pos()).Line
				for _, m := range markerRE.FindAllStringSubmatch(c.Text, -1) {
					want = append(want, finding{Check: m[1], File: filepath.ToSlash(rel), Line: line})
				}
			}
		}
		return nil
	})
	return want, err
}

// decodeFindings reads the JSON that idemvet -json and go vet -json print:
// a stream of objects {package: {analyzer: [diagnostic] or {"error": ...}}},
// with "# package" header lines from go vet in between.
func decodeFindings(r io.Reader, dir string) (found []finding, analysisErrs []string, err error) {
	var stream bytes.Buffer
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		if !strings.HasPrefix(sc.Text(), "#") {
			stream.Write(sc.Bytes())
			stream.WriteByte('\n')
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	dec := json.NewDecoder(&stream)
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, nil, err
		}
		for pkg, byAnalyzer := range tree {
			for analyzer, raw := range byAnalyzer {
				var failed struct{ Error string }
				if json.Unmarshal(raw, &failed) == nil && failed.Error != "" {
					analysisErrs = append(analysisErrs, fmt.Sprintf("%s: %s: %s", pkg, analyzer, failed.Error))
					continue
				}
				var diags []struct {
					Posn    string
					Message string
				}
				if err := json.Unmarshal(raw, &diags); err != nil {
					return nil, nil, fmt.Errorf("%s: %s: %v", pkg, analyzer, err)
				}
				for _, d := range diags {
					file, line, err := splitPosn(d.Posn, dir)
					if err != nil {
						return nil, nil, err
					}
					found = append(found, finding{Check: analyzer, File: file, Line: line, Message: d.Message})
				}
			}
		}
	}
	slices.Sort(analysisErrs)
	return found, analysisErrs, nil
}

// splitPosn splits "file:line:col" into the file relative to dir, with
// slashes, and the line.
func splitPosn(posn, dir string) (string, int, error) {
	rest, _, ok := cutLast(posn)
	file, lineText, ok2 := cutLast(rest)
	line, err := strconv.Atoi(lineText)
	if !ok || !ok2 || err != nil {
		return "", 0, fmt.Errorf("malformed position %q", posn)
	}
	if rel, err := filepath.Rel(dir, file); err == nil && filepath.IsAbs(file) {
		file = rel
	}
	return filepath.ToSlash(file), line, nil
}

func cutLast(s string) (before, after string, ok bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}

// sourceLine returns the trimmed text of the finding's line, for diffs.
func sourceLine(dir string, f finding) string {
	data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.File)))
	if err != nil {
		return ""
	}
	lines := strings.Split(string(data), "\n")
	if f.Line < 1 || f.Line > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[f.Line-1])
}

// downloadModuleDeps fetches the module's requirements from the module
// proxy. Offline, a developer's run skips; in CI (CI=true) the proxy is
// reachable and a failure fails the test.
func downloadModuleDeps(t testing.TB, dir string) {
	t.Helper()
	cmd := exec.Command(goCommand(t), "mod", "download")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		msg := fmt.Sprintf("go mod download in %s: %v\n%s", dir, err, out)
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
}

// runIn runs a command in dir and returns its standard output; any exit
// status other than zero fails the test (with -json both drivers exit 0
// when they only report findings).
func runIn(t *testing.T, dir string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s (in %s): %v\n%s", strings.Join(args, " "), dir, err, stderr.Bytes())
	}
	return stdout.Bytes()
}

func goCommand(t testing.TB) string {
	t.Helper()
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("no go command: %v", err)
	}
	return gocmd
}

var (
	buildOnce sync.Once
	binDir    string
	binPath   string
	buildErr  error
)

// idemvetBinary builds this command once per test run.
func idemvetBinary(t testing.TB) string {
	t.Helper()
	gocmd := goCommand(t)
	buildOnce.Do(func() {
		binDir, buildErr = os.MkdirTemp("", "idemvet-test-")
		if buildErr != nil {
			return
		}
		binPath = filepath.Join(binDir, "idemvet")
		out, err := exec.Command(gocmd, "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

func TestMain(m *testing.M) {
	// Started by the go command as its GOCACHEPROG (TestVetSharedCache).
	if dir := os.Getenv(cacheProgDirEnv); dir != "" {
		if err := serveCacheProg(dir, os.Getenv(cacheProgLogEnv)); err != nil {
			fmt.Fprintln(os.Stderr, "cacheprog:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}

// The harness must be able to fail: these tests feed it fake inputs.

func TestDiffFindings(t *testing.T) {
	at := func(check, file string, line int) finding { return finding{Check: check, File: file, Line: line} }
	want := []finding{at("c", "a.go", 3), at("c", "a.go", 3), at("c", "b.go", 1), at("c", "a.go", 9)}
	got := []finding{at("c", "a.go", 3), at("c", "b.go", 1), at("c", "b.go", 1), at("c", "b.go", 2), at("d", "a.go", 9)}
	missing, unexpected := diffFindings(want, got)
	wantMissing := []finding{at("c", "a.go", 3), at("c", "a.go", 9)}
	wantUnexpected := []finding{at("d", "a.go", 9), at("c", "b.go", 1), at("c", "b.go", 2)}
	sortFindings(wantUnexpected)
	if !slices.Equal(missing, wantMissing) || !slices.Equal(unexpected, wantUnexpected) {
		t.Errorf("diffFindings:\nmissing    %v, want %v\nunexpected %v, want %v", missing, wantMissing, unexpected, wantUnexpected)
	}
	if m, u := diffFindings(want, want); len(m)+len(u) != 0 {
		t.Errorf("diffFindings of equal lists: missing %v, unexpected %v", m, u)
	}
}

func TestParseMarkers(t *testing.T) {
	dir := t.TempDir()
	src := "package p\n\n" +
		"var s = \"want:notamarker\"\n" +
		"func f() {\n" +
		"\tg() // want:alpha want:alpha\n" +
		"\tg() // want:beta (near miss of the line above: want:alpha)\n" +
		"\tg() // wants nothing\n" +
		"}\n" +
		"func g() {}\n"
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sub", "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := parseMarkers(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []finding{
		{Check: "alpha", File: "sub/p.go", Line: 5}, {Check: "alpha", File: "sub/p.go", Line: 5},
		{Check: "beta", File: "sub/p.go", Line: 6}, {Check: "alpha", File: "sub/p.go", Line: 6},
	}
	if !slices.Equal(got, want) {
		t.Errorf("parseMarkers = %v, want %v", got, want)
	}
}

func TestDecodeFindings(t *testing.T) {
	stream := `# example.com/m/a
{
	"example.com/m/a": {
		"alpha": [
			{"posn": "/mod/a/a.go:12:3", "end": "/mod/a/a.go:12:9", "message": "first"},
			{"posn": "/mod/a/a.go:40:1", "end": "/mod/a/a.go:40:2", "message": "second"}
		]
	}
}
{"example.com/m/b": {"beta": {"error": "boom"}}}
{}
`
	got, errs, err := decodeFindings(strings.NewReader(stream), "/mod")
	if err != nil {
		t.Fatal(err)
	}
	want := []finding{
		{Check: "alpha", File: "a/a.go", Line: 12, Message: "first"},
		{Check: "alpha", File: "a/a.go", Line: 40, Message: "second"},
	}
	if !slices.Equal(got, want) {
		t.Errorf("findings = %v, want %v", got, want)
	}
	if wantErrs := []string{"example.com/m/b: beta: boom"}; !slices.Equal(errs, wantErrs) {
		t.Errorf("analysis errors = %q, want %q", errs, wantErrs)
	}
	if _, _, err := decodeFindings(strings.NewReader(`{"p": {"a": [{"posn": "nowhere"}]}}`), "/mod"); err == nil {
		t.Error("a malformed position decoded without error")
	}
}
