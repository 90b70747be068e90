package claimtx_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/idemvet/idemvet/internal/goldentest"
)

// TestGoldensCompile type-checks every package with its .go files replaced
// by their .golden fixes: a suggested fix must leave code that builds.
func TestGoldensCompile(t *testing.T) {
	goldens, err := filepath.Glob(filepath.Join(analysistest.TestData(), "src", "*", "*.go.golden"))
	if err != nil || len(goldens) == 0 {
		t.Fatalf("no golden files found: %v", err)
	}
	seen := map[string]bool{}
	var pkgs []string
	for _, g := range goldens {
		if pkg := filepath.Base(filepath.Dir(g)); !seen[pkg] {
			seen[pkg] = true
			pkgs = append(pkgs, pkg)
		}
	}
	goldentest.Compiles(t, analysistest.TestData(), pkgs...)
}
