package claimtx_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/packages"
)

// TestGoldensCompile type-checks every package with its .go files replaced
// by their .golden fixes: a suggested fix must leave code that builds.
func TestGoldensCompile(t *testing.T) {
	testdata, err := filepath.Abs(analysistest.TestData())
	if err != nil {
		t.Fatal(err)
	}
	goldens, err := filepath.Glob(filepath.Join(testdata, "src", "*", "*.go.golden"))
	if err != nil || len(goldens) == 0 {
		t.Fatalf("no golden files found: %v", err)
	}
	overlay := map[string][]byte{}
	var pkgs []string
	for _, g := range goldens {
		content, err := os.ReadFile(g)
		if err != nil {
			t.Fatal(err)
		}
		overlay[strings.TrimSuffix(g, ".golden")] = content
		pkgs = append(pkgs, filepath.Base(filepath.Dir(g)))
	}
	cfg := &packages.Config{
		Mode:    packages.NeedName | packages.NeedTypes | packages.NeedSyntax | packages.NeedTypesInfo,
		Dir:     testdata,
		Env:     append(os.Environ(), "GOPATH="+testdata, "GO111MODULE=off", "GOFLAGS=", "GOWORK=off"),
		Overlay: overlay,
		Tests:   false,
	}
	loaded, err := packages.Load(cfg, pkgs...)
	if err != nil {
		t.Fatal(err)
	}
	if len(loaded) != len(pkgs) {
		t.Fatalf("loaded %d packages, want %d", len(loaded), len(pkgs))
	}
	for _, p := range loaded {
		for _, e := range p.Errors {
			t.Errorf("%s: fixed code does not compile: %v", p.PkgPath, e)
		}
	}
}
