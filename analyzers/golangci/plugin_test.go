package golangci

import (
	"errors"
	"fmt"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/idemvet/idemvet/internal/testfiles"
	"github.com/idemvet/idemvet/internal/vettool"
)

func TestRegistered(t *testing.T) {
	newPlugin, err := register.GetPlugin("idemvet")
	if err != nil {
		t.Fatal(err)
	}
	// golangci-lint passes the settings as YAML decoded into maps.
	p, err := newPlugin(map[string]any{"disable": []any{}, "exists": []any{"Store.HasKey"}})
	if err != nil {
		t.Fatal(err)
	}
	// The checks run in go vet's processes: golangci-lint parses, and
	// type-checks nothing for them.
	if p.GetLoadMode() != register.LoadModeSyntax {
		t.Errorf("load mode %q, want syntax", p.GetLoadMode())
	}
	got, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Name != "idemvet" || len(got[0].FactTypes) > 0 || len(got[0].Requires) > 0 {
		t.Errorf("analyzers %v, want one, idemvet, with no facts and no requirements (golangci-lint would run it on every dependency)", got)
	}
	// go vet runs idemvet built from this checkout, which starts faster
	// than golangci-lint's executable.
	tool := p.(plugin).runs.tool
	if want := []string{"-exists=Store.HasKey"}; !slices.Equal(p.(plugin).runs.args, want) || tool.self || !strings.HasPrefix(filepath.Base(tool.path), "idemvet") {
		t.Errorf("vet tool %+v, flags %q; want idemvet built from the plugin's source, flags %q", tool, p.(plugin).runs.args, want)
	}
}

func TestNoSettings(t *testing.T) {
	if _, err := New(nil); err != nil {
		t.Errorf("no settings: %v", err)
	}
}

func TestBadSettings(t *testing.T) {
	for _, tc := range []struct {
		settings any
		want     string
	}{
		{map[string]any{"exist": []any{"Store.HasKey"}}, `unknown field "exist" (the settings are: enable, disable, exists,`},
		{map[string]any{"enable": []any{"nosuchcheck"}}, `unknown check "nosuchcheck"; the checks are`},
		{map[string]any{"insert": 3}, "want a list of names or a comma-separated string"},
	} {
		_, err := New(tc.settings)
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "idemvet: ") {
			t.Errorf("New(%v): err = %v, want it to start with idemvet: and contain %q", tc.settings, err, tc.want)
		}
	}
}

func TestFindingPlacedInItsFile(t *testing.T) {
	fset := token.NewFileSet()
	src := "package p\n\nfunc f() {\n\tg()\n}\n"
	file := fset.AddFile("/m/p/p.go", -1, len(src))
	file.SetLinesForContent([]byte(src))
	var f finding
	f.check = "checkthenact"
	f.Posn, f.Message = "/m/p/p.go:4:2", "check-then-act race"
	f.SuggestedFixes = make([]vettool.SuggestedFix, 2)
	f.SuggestedFixes[0].Message = "in this file"
	f.SuggestedFixes[0].TextEdits = []vettool.TextEdit{{Filename: "/m/p/p.go", Start: 23, End: 26, New: "h()"}}
	f.SuggestedFixes[1].Message = "elsewhere"
	f.SuggestedFixes[1].TextEdits = []vettool.TextEdit{{Filename: "/m/p/q.go", Start: 0, End: 1, New: "x"}}

	d, ok := f.toDiagnostic(file)
	if !ok {
		t.Fatal("finding not placed")
	}
	if got := fset.Position(d.Pos); got.Line != 4 || got.Column != 2 {
		t.Errorf("placed at %v, want 4:2", got)
	}
	if d.Message != "checkthenact: check-then-act race" || d.Category != "checkthenact" {
		t.Errorf("message %q, category %q", d.Message, d.Category)
	}
	if len(d.SuggestedFixes) != 1 || d.SuggestedFixes[0].Message != "in this file" {
		t.Fatalf("fixes %+v, want only the one whose edits are in this file", d.SuggestedFixes)
	}
	e := d.SuggestedFixes[0].TextEdits[0]
	if src[file.Offset(e.Pos):file.Offset(e.End)] != "g()" {
		t.Errorf("edit covers %q, want g()", src[file.Offset(e.Pos):file.Offset(e.End)])
	}

	// A file that changed since go vet read it: past its end, no finding.
	f.Posn = "/m/p/p.go:9:1"
	if _, ok := f.toDiagnostic(file); ok {
		t.Error("a finding past the file's end was placed")
	}
}

// TestVetBeforeLoading checks that a run golangci-lint was asked for runs
// go vet to the end, on each module of the linted directories and on
// nothing else, before New returns (and so before golangci-lint loads any
// package).
func TestVetBeforeLoading(t *testing.T) {
	tmp := t.TempDir()
	files := map[string]string{
		"a/go.mod":        "module example.com/a\n\ngo 1.22\n",
		"a/pkg/p.go":      "package p\n",
		"a/other/o.go":    "package other\n",
		"b/go.mod":        "module example.com/b\n\ngo 1.22\n",
		"b/b.go":          "package b\n",
		"nomodule/n.go":   "package n\n",
		"a/unlinted/u.go": "package unlinted\n",
	}
	testfiles.Write(t, tmp, files)
	dirs := []string{filepath.Join(tmp, "a", "pkg") + "/...", filepath.Join(tmp, "a", "other"), filepath.Join(tmp, "b"), filepath.Join(tmp, "nomodule")}
	// A vet tool that is not there: every run fails, so a run that has
	// finished holds an error, and one still going (or never started)
	// holds none.
	runs := newVetRuns(vetTool{path: filepath.Join(tmp, "no-such-tool")}, nil, dirs)
	runs.vetBeforeLoading(dirs)
	var ran []string
	for root, r := range runs.runs {
		ran = append(ran, root)
		if r.err == nil {
			t.Errorf("go vet in %s had not finished when vetBeforeLoading returned", root)
		}
	}
	slices.Sort(ran)
	if want := []string{filepath.Join(tmp, "a"), filepath.Join(tmp, "b")}; !slices.Equal(ran, want) {
		t.Errorf("ran go vet in %q, want %q", ran, want)
	}
}

// TestToolBuiltAfterCompiling checks that a vet tool still to be built is
// built once, after the packages of the first module to be vetted are
// compiled and before go vet runs it; that a tool already built is run
// without that compile; and that go vet runs this executable when the
// build fails.
func TestToolBuiltAfterCompiling(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the go command is wrapped in a shell script here")
	}
	realGo, err := exec.LookPath("go")
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	logFile := filepath.Join(tmp, "log")
	appendLog := func(line string) {
		f, err := os.OpenFile(logFile, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := f.WriteString(line + "\n"); err != nil {
			t.Fatal(err)
		}
	}
	testfiles.Write(t, tmp, map[string]string{
		"bin/go":   fmt.Sprintf("#!/bin/sh\necho \"go $1 $2 $3\" >> %s\nexec %s \"$@\"\n", logFile, realGo),
		"a/go.mod": "module example.com/a\n\ngo 1.22\n",
		"a/p.go":   "package p\n",
		"b/go.mod": "module example.com/b\n\ngo 1.22\n",
		"b/b.go":   "package b\n",
	})
	if err := os.Chmod(filepath.Join(tmp, "bin", "go"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", filepath.Join(tmp, "bin")+string(os.PathListSeparator)+os.Getenv("PATH"))
	dirs := []string{filepath.Join(tmp, "a"), filepath.Join(tmp, "b")}
	absent := filepath.Join(tmp, "no-such-tool")
	// vet runs go vet on both modules, with tool, and returns the log.
	vet := func(tool vetTool) (*vetRuns, []string) {
		t.Helper()
		_ = os.Remove(logFile)
		runs := newVetRuns(tool, nil, dirs)
		runs.vetBeforeLoading(dirs)
		data, err := os.ReadFile(logFile)
		if err != nil {
			t.Fatal(err)
		}
		return runs, strings.Split(strings.TrimSpace(string(data)), "\n")
	}
	first := func(lines []string, prefix string) int {
		return slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, prefix) })
	}

	builds := 0
	_, lines := vet(vetTool{path: absent, build: func() error {
		builds++
		appendLog("build")
		return nil
	}})
	compiled, built, vetted := first(lines, "go list -e -export"), first(lines, "build"), first(lines, "go vet")
	if builds != 1 || compiled < 0 || compiled > built || built > vetted {
		t.Errorf("to build: %d builds, commands %q; want one build, after go list -e -export and before go vet", builds, lines)
	}

	_, lines = vet(vetTool{path: absent})
	if first(lines, "go list -e -export") >= 0 || first(lines, "go vet") < 0 {
		t.Errorf("already built: commands %q; want go vet and no compile beforehand", lines)
	}

	runs, _ := vet(vetTool{path: absent, build: func() error { return errors.New("does not build") }})
	if !runs.tool.self {
		t.Errorf("the tool did not build: go vet ran %+v, want this executable", runs.tool)
	}
	for root, r := range runs.runs {
		if r.err != nil {
			t.Errorf("go vet in %s with this executable as the tool: %v", root, r.err)
		}
	}
}
