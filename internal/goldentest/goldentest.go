// Package goldentest checks that the code a suggested fix produces still
// compiles: analysistest.RunWithSuggestedFixes compares text, not types.
package goldentest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/packages"
)

// Compiles type-checks each package pattern of a GOPATH-style testdata
// tree (as analysistest uses) with every foo.go replaced by its
// foo.go.golden, and fails the test on any error. A package without
// golden files fails too: there would be nothing to check.
func Compiles(t *testing.T, testdata string, patterns ...string) {
	t.Helper()
	testdata, err := filepath.Abs(testdata)
	if err != nil {
		t.Fatal(err)
	}
	overlay := map[string][]byte{}
	for _, pattern := range patterns {
		dir := filepath.Join(testdata, "src", filepath.FromSlash(pattern))
		goldens, _ := filepath.Glob(filepath.Join(dir, "*.go.golden"))
		if len(goldens) == 0 {
			t.Fatalf("%s: no .golden files", pattern)
		}
		for _, g := range goldens {
			src, err := os.ReadFile(g)
			if err != nil {
				t.Fatal(err)
			}
			overlay[strings.TrimSuffix(g, ".golden")] = src
		}
	}
	cfg := &packages.Config{
		Mode:    packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo | packages.NeedDeps | packages.NeedImports,
		Dir:     testdata,
		Env:     append(os.Environ(), "GOPATH="+testdata, "GO111MODULE=off", "GOWORK=off", "GOFLAGS="),
		Overlay: overlay,
		Tests:   false,
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != len(patterns) {
		t.Fatalf("loaded %d packages for %d patterns", len(pkgs), len(patterns))
	}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		for _, e := range p.Errors {
			t.Errorf("fixed code does not compile: %v", e)
		}
	})
}

// EveryGoldenFixed fails the test for each foo.go.golden beside the
// analysed files whose foo.go got no suggested fix: analysistest compares
// a golden file only with the fixes it has, so a fix that stopped being
// offered for a whole file would pass unnoticed. A golden file equal to
// its source is the other way round: no fix may edit that file.
func EveryGoldenFixed(t *testing.T, results []*analysistest.Result) {
	t.Helper()
	fixed := map[string]bool{}
	dirs := map[string]bool{}
	for _, r := range results {
		for _, f := range r.Pass.Files {
			dirs[filepath.Dir(r.Pass.Fset.File(f.FileStart).Name())] = true
		}
		for _, d := range r.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				for _, e := range fix.TextEdits {
					fixed[r.Pass.Fset.File(e.Pos).Name()] = true
				}
			}
		}
	}
	for dir := range dirs {
		goldens, _ := filepath.Glob(filepath.Join(dir, "*.go.golden"))
		for _, g := range goldens {
			src := strings.TrimSuffix(g, ".golden")
			want, _ := os.ReadFile(g)
			have, _ := os.ReadFile(src)
			// A golden file equal to its source says no fix is offered.
			switch noFix := string(want) == string(have); {
			case noFix && fixed[src]:
				t.Errorf("%s: a suggested fix edits %s, whose golden file says none is offered", filepath.Base(dir), filepath.Base(src))
			case !noFix && !fixed[src]:
				t.Errorf("%s: no suggested fix edits %s, which has a golden file", filepath.Base(dir), filepath.Base(src))
			}
		}
	}
}
