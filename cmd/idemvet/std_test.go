package main

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/analyzers"
)

// TestStd runs the whole suite over the Go standard library: no check may
// panic or fail on real code it was not written for. It takes a few
// minutes on two cores, so -short skips it.
func TestStd(t *testing.T) {
	if testing.Short() {
		t.Skip("analyzing std takes minutes; run without -short")
	}
	bin := idemvetBinary(t)
	var names []string
	for _, a := range analyzers.All() {
		names = append(names, a.Name)
	}
	t.Logf("checks: %s", strings.Join(names, ", "))

	cmd := exec.Command(bin, "-json", "std")
	cmd.Dir = t.TempDir() // outside any module: std alone
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// With -json the checker exits 0 whatever it reports; a panic exits 2,
	// a package that fails to load or an analysis error exits 1.
	if err := cmd.Run(); err != nil {
		t.Fatalf("idemvet -json std: %v\n%s", err, head(stderr.String(), 80))
	}
	if stderr.Len() > 0 {
		t.Errorf("idemvet -json std wrote to stderr:\n%s", head(stderr.String(), 80))
	}
	found, analysisErrs, err := decodeFindings(&stdout, "")
	if err != nil {
		t.Fatalf("decoding the JSON output: %v", err)
	}
	for _, e := range analysisErrs {
		t.Errorf("analysis error: %s", e)
	}
	// std has no database code; a finding there is not an error of this
	// test, but worth a look for precision.
	for _, f := range found {
		t.Logf("finding in std: %s:%d: %s: %s", f.File, f.Line, f.Check, f.Message)
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
