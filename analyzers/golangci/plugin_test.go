package golangci

import (
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/idemvet/idemvet/analyzers"
	"github.com/idemvet/idemvet/analyzers/vettool"
	"github.com/idemvet/idemvet/internal/testfiles"
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
	// On a build cache that holds the checks' packages (these tests
	// compiled them), go vet runs idemvet, linked from this checkout,
	// one unit per process.
	tool := p.(plugin).runs.tool
	if want := []string{"-exists=Store.HasKey"}; !slices.Equal(p.(plugin).runs.args, want) || tool.session != nil || filepath.Base(tool.path) != "idemvet" {
		t.Errorf("vet tool %+v, flags %q; want idemvet built from the plugin's source, flags %q", tool, p.(plugin).runs.args, want)
	}
}

// TestColdBuildCacheForwards: on a build cache without the checks'
// packages, the plugin does not compile them for a vet tool: go vet runs
// the shim, which hands each unit back to this process. The cache is the
// kept one the plugin's end-to-end tests use, never an empty one: on an
// empty cache the shim's build compiled the standard packages it imports
// on every run.
func TestColdBuildCacheForwards(t *testing.T) {
	t.Setenv("GOCACHE", testfiles.CacheWithoutIdemvet(t))
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("IDEMVET_VETTOOL", "")
	tool, err := chooseVetTool(analyzers.Settings{})
	if err != nil {
		t.Fatal(err)
	}
	if tool.session == nil || filepath.Base(tool.path) != "idemvet-shim" {
		t.Errorf("vet tool %+v, want the shim", tool)
	}
	env, end, err := tool.session()
	if err != nil {
		t.Fatal(err)
	}
	defer end()
	if len(env) != 1 || !strings.HasPrefix(env[0], "IDEMVET_FORWARD_SOCKET=") {
		t.Errorf("the shim's environment %q, want its socket", env)
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
