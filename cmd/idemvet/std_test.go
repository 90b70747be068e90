package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/analyzers"
	"github.com/idemvet/idemvet/internal/testfiles"
)

// TestStd runs the whole suite over the Go standard library: no check may
// panic or fail on real code it was not written for. It runs through go
// vet, one process per package, which keeps memory to that of the largest
// package (the standalone checker holds all of std at once, about 12 GB).
// It takes a few minutes on two cores: it runs end to end only (and
// -short skips it).
func TestStd(t *testing.T) {
	if testing.Short() {
		t.Skip("analyzing std takes minutes; run without -short")
	}
	testfiles.FullEndToEnd(t)
	bin := idemvetBinary(t)
	var names []string
	for _, a := range analyzers.All() {
		names = append(names, a.Name)
	}
	t.Logf("checks: %s", strings.Join(names, ", "))

	cmd := exec.Command(goCommand(t), "vet", "-vettool="+bin, "-json", "std")
	cmd.Dir = t.TempDir() // outside any module: std alone
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	// With -json each vet process exits 0 whatever it reports; a panic or
	// a package that fails to analyze makes go vet fail.
	if err := cmd.Run(); err != nil {
		t.Fatalf("go vet -vettool=idemvet -json std: %v\n%s", err, head(out.String(), 80))
	}
	found, analysisErrs, err := decodeFindings(&out, "")
	if err != nil {
		t.Fatalf("decoding the JSON output: %v\n%s", err, head(out.String(), 40))
	}
	for _, e := range analysisErrs {
		t.Errorf("analysis error: %s", e)
	}
	// std has no database code, no repository and no retry of a keyed
	// request: any finding there is a false positive.
	for _, f := range found {
		t.Errorf("finding in std: %s:%d: %s: %s", f.File, f.Line, f.Check, f.Message)
	}
}

// head returns the first n lines of s: a panic's message comes first and
// its goroutine dump is long.
func head(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = append(lines[:n:n], "...")
	}
	return strings.Join(lines, "\n")
}
