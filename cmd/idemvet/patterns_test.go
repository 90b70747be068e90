package main

// Tests that a run which analysed nothing, or less than was asked, never
// reads as clean: the packages the command line names, what is said
// when they name nothing, and what is said when some cannot be analysed.

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/internal/testfiles"
)

// TestNoPatternsMeansDot checks that idemvet with no package arguments
// analyses the current directory, as go vet does, rather than nothing.
func TestNoPatternsMeansDot(t *testing.T) {
	dir := vetCopy(t)
	if r := standaloneRun(t, filepath.Join(dir, "pay")); r.exitCode != exitFindings || !strings.Contains(r.stderr, "(checkthenact)") {
		t.Errorf("no arguments in pay/: exit code %d, want %d and its findings\n%s", r.exitCode, exitFindings, r.stderr)
	}
	// Near miss: the module's root holds no Go files, so "." names no
	// package, and the run says so instead of exiting 0.
	r := standaloneRun(t, dir)
	if r.exitCode != exitNoPackages || !strings.Contains(r.stderr, "matches no package: no Go files in") || !strings.Contains(r.stderr, "./... names every package") {
		t.Errorf("no arguments at the module's root: exit code %d, want %d and a line saying . has no Go files\n%s", r.exitCode, exitNoPackages, r.stderr)
	}
}

// TestPatternsMatchingNothing checks that a pattern naming no package is
// one line and its own exit status, whatever the go command's reason, and
// that the packages other patterns name are analysed all the same.
func TestPatternsMatchingNothing(t *testing.T) {
	dir := vetCopy(t)
	writeFile(t, filepath.Join(dir, "docs", "README.md"), "no Go here\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"./nosuch"}, "idemvet: pattern ./nosuch matches no package: "},
		{[]string{"./nosuch/..."}, "idemvet: pattern ./nosuch/... matches no package: "},
		{[]string{"example.com/vetmod/nosuch"}, "idemvet: pattern example.com/vetmod/nosuch matches no package: "},
		{[]string{"./docs/..."}, `"./docs/..." matched no packages`},
		{[]string{"./docs/...", "./pay"}, `"./docs/..." matched no packages`},
	} {
		r := standaloneRun(t, dir, tc.args...)
		if r.exitCode != exitNoPackages || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("idemvet %s: exit code %d, want %d and %q\n%s", strings.Join(tc.args, " "), r.exitCode, exitNoPackages, tc.want, r.stderr)
		}
		if analysed := strings.Contains(r.stderr, "(checkthenact)"); analysed != strings.Contains(strings.Join(tc.args, " "), "./pay") {
			t.Errorf("idemvet %s: findings printed = %v\n%s", strings.Join(tc.args, " "), analysed, r.stderr)
		}
	}
	// Near miss: patterns that all name packages.
	if r := standaloneRun(t, dir, "./pay", "./clean"); r.exitCode != exitFindings {
		t.Errorf("idemvet ./pay ./clean: exit code %d, want %d\n%s", r.exitCode, exitFindings, r.stderr)
	}
}

// TestOutsideModule checks that ./... and . outside any module fail for
// the one reason, in the same words and with the same status.
func TestOutsideModule(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "x.go"), "package x\n")
	for _, args := range [][]string{{"./..."}, {"."}, nil} {
		r := standaloneRun(t, dir, args...)
		if r.exitCode != exitFailed || !strings.HasPrefix(r.stderr, "idemvet: not in a Go module") || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("idemvet %s outside a module: exit code %d, want %d and one line saying so\n%s", strings.Join(args, " "), r.exitCode, exitFailed, r.stderr)
		}
	}
}

// TestRefusedModuleImportedTwice checks the shape that made a 250-package
// service answer "nothing found" after analysing none of it: two packages
// import a module the proxy refuses, and go list files the second's
// failure under the first's import stack, naming no broken dependency of
// the second. Go vet, handed the second among the "sound" packages,
// refused to run, and that refusal was taken for an empty result.
func TestRefusedModuleImportedTwice(t *testing.T) {
	dir := vetCopy(t)
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/vetmod\n\ngo 1.26.0\n\nrequire example.com/refused v1.0.0\n")
	for _, name := range []string{"first", "second"} {
		writeFile(t, filepath.Join(dir, name, name+".go"), "package "+name+"\n\nimport \"example.com/refused/sdk\"\n\nvar X = sdk.X\n")
	}
	offline := []string{"GOPROXY=off", "GOFLAGS=-mod=mod"}
	r := vetExecEnv(t, dir, offline, idemvetBinary(t), "./...")
	if r.exitCode != exitBoth {
		t.Errorf("exit code %d, want %d (findings, and packages not analysed)\n%s", r.exitCode, exitBoth, r.stderr)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^idemvet: example.com/vetmod/first does not load: `),
		regexp.MustCompile(`(?m)^idemvet: example.com/vetmod/second does not load: `),
		regexp.MustCompile(`(?m)^idemvet: 2 of 4 packages analysed; 2 could not be \(above\)$`),
		regexp.MustCompile(`(?m)^pay/pay.go:\d+:\d+: .*\(checkthenact\)$`),
	} {
		if !want.MatchString(r.stderr) {
			t.Errorf("no line matching %s\n%s", want, r.stderr)
		}
	}
	// Near miss: only sound packages named, so no count of what was not.
	if r := vetExecEnv(t, dir, offline, idemvetBinary(t), "./pay", "./clean"); r.exitCode != exitFindings || strings.Contains(r.stderr, "packages analysed") {
		t.Errorf("./pay ./clean: exit code %d, want %d and no count\n%s", r.exitCode, exitFindings, r.stderr)
	}
}

// TestOlderToolchains runs the standalone form under go commands older
// than the one idemvet was built with, as a go.mod's toolchain line or
// GOTOOLCHAIN selects them: before Go 1.26, go vet -json prints results
// on standard error. The findings must be the same, and no package may
// be taken for one that could not be analysed.
func TestOlderToolchains(t *testing.T) {
	testfiles.FullEndToEnd(t)
	dir := vetCopy(t)
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/vetmod\n\ngo 1.24\n")
	want := standaloneRun(t, dir, "./...")
	if want.exitCode != exitFindings {
		t.Fatalf("own toolchain: exit code %d, want %d\n%s", want.exitCode, exitFindings, want.stderr)
	}
	for _, toolchain := range []string{"go1.24.11", "go1.25.8"} {
		r := vetExecEnv(t, dir, []string{"GOTOOLCHAIN=" + toolchain}, idemvetBinary(t), "./...")
		if got := withoutDownloads(r.stderr); r.exitCode != exitFindings || got != want.stderr {
			t.Errorf("GOTOOLCHAIN=%s: exit code %d, want %d and the same output as the go command idemvet was built with\n got: %s\nwant: %s", toolchain, r.exitCode, exitFindings, got, want.stderr)
		}
	}
}

// TestToolchainCannotServe checks the one case where the go command in
// reach cannot serve the module at all: go.mod asks for a newer Go than
// GOTOOLCHAIN=local allows. (Every toolchain GOTOOLCHAIN can select,
// go1.21 onwards, serves the tool: TestOlderToolchains.) The run says so
// once, in the go command's words, and exits 1, never 0 or "could not be
// analysed" per package.
func TestToolchainCannotServe(t *testing.T) {
	dir := vetCopy(t)
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/vetmod\n\ngo 1.99\n")
	local := []string{"GOTOOLCHAIN=local"}
	for _, args := range [][]string{{"./..."}, {"-json", "./..."}, {"./pay"}} {
		r := vetExecEnv(t, dir, local, append([]string{idemvetBinary(t)}, args...)...)
		if r.exitCode != exitFailed || strings.Count(r.stderr, "\n") != 1 || !strings.Contains(r.stderr, "go.mod requires go >= 1.99") {
			t.Errorf("idemvet %s with go.mod at go 1.99: exit code %d, want %d and one line naming the Go it requires\n%s", strings.Join(args, " "), r.exitCode, exitFailed, r.stderr)
		}
	}
	// Near miss: a go line the local toolchain meets.
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/vetmod\n\ngo 1.21\n")
	if r := vetExecEnv(t, dir, local, idemvetBinary(t), "./..."); r.exitCode != exitFindings {
		t.Errorf("go.mod at go 1.21: exit code %d, want %d\n%s", r.exitCode, exitFindings, r.stderr)
	}
}

// withoutDownloads drops the go command's "go: downloading" lines, which
// the first run of a toolchain prints.
func withoutDownloads(stderr string) string {
	lines := strings.SplitAfter(stderr, "\n")
	kept := lines[:0]
	for _, l := range lines {
		if !strings.HasPrefix(l, "go: downloading ") {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, "")
}

// TestDependencyRunThenOwnRun checks that a package analysed first only
// as a dependency of another (idemvet ./checkout, which imports pay) is
// analysed in full when it is asked for next (idemvet ./pay): go vet
// caches a dependency's unit under the key of the package's own run, and
// that output must not read as clean. The near miss: the first run, on
// checkout, reports none of pay's findings, although pay's unit printed
// them.
func TestDependencyRunThenOwnRun(t *testing.T) {
	dir := vetCopy(t)
	writeFile(t, filepath.Join(dir, "checkout", "checkout.go"), "package checkout\n\nimport (\n\t\"context\"\n\t\"database/sql\"\n\n\t\"example.com/vetmod/pay\"\n)\n\nfunc Buy(ctx context.Context, db *sql.DB, key string) error { return pay.Charge(ctx, db, key) }\n")
	first := standaloneRun(t, dir, "./checkout")
	if first.exitCode != exitClean || strings.Contains(first.stderr, "pay.go") {
		t.Errorf("idemvet ./checkout: exit code %d, want %d and none of pay's findings\n%s", first.exitCode, exitClean, first.stderr)
	}
	second := standaloneRun(t, dir, "./pay")
	if second.exitCode != exitFindings || !strings.Contains(second.stderr, "pay.go") {
		t.Errorf("idemvet ./pay after ./checkout: exit code %d, want %d and pay's findings\n%s", second.exitCode, exitFindings, second.stderr)
	}
	// Both ways round: pay's own run cached, checkout's shows none of it.
	if third := standaloneRun(t, dir, "./checkout"); third.exitCode != exitClean || strings.Contains(third.stderr, "pay.go") {
		t.Errorf("idemvet ./checkout after ./pay: exit code %d, want %d and none of pay's findings\n%s", third.exitCode, exitClean, third.stderr)
	}
}

// TestVetPrintingNothingSaysSo checks that a go vet that runs and prints
// no package's results (a replayed facts-only unit, or any other cause)
// ends in a line saying nothing was analysed, not in a silent exit: the
// go command here is a shim whose vet prints nothing. The near miss: the
// same run with the real go command reports pay's findings and no such
// line.
func TestVetPrintingNothingSaysSo(t *testing.T) {
	dir := vetCopy(t)
	shim := t.TempDir()
	writeFile(t, filepath.Join(shim, "go"), "#!/bin/sh\nif [ \"$1\" = vet ]; then exit 0; fi\nexec "+goCommand(t)+" \"$@\"\n")
	if err := os.Chmod(filepath.Join(shim, "go"), 0o755); err != nil {
		t.Fatal(err)
	}
	const said = "nothing was analysed"
	silent := vetExecEnv(t, dir, []string{"PATH=" + shim + string(os.PathListSeparator) + os.Getenv("PATH")}, idemvetBinary(t), "./pay")
	if silent.exitCode != exitNoPackages || !strings.Contains(silent.stderr, said) {
		t.Errorf("go vet printing nothing: exit code %d, want %d and a line saying %q\n%s", silent.exitCode, exitNoPackages, said, silent.stderr)
	}
	if real := standaloneRun(t, dir, "./pay"); real.exitCode != exitFindings || strings.Contains(real.stderr, said) {
		t.Errorf("the real go vet: exit code %d, want %d and no line saying %q\n%s", real.exitCode, exitFindings, said, real.stderr)
	}
}
