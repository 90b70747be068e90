package main

// Tests of the standalone form (idemvet ./...), which runs go vet with
// itself as the vet tool and translates what it prints.

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/internal/testfiles"
)

// standaloneRun runs the built idemvet in dir.
func standaloneRun(t *testing.T, dir string, args ...string) vetRun {
	t.Helper()
	return vetExec(t, dir, append([]string{idemvetBinary(t)}, args...)...)
}

// brokenModule is vetmod plus a package that does not compile, one that
// imports it, one with a missing import, one whose test has one, one
// whose test does not type-check (each of the last two with an importer),
// and one whose //go:embed pattern matches nothing.
func brokenModule(t *testing.T) string {
	t.Helper()
	dir := vetCopy(t)
	writeFile(t, filepath.Join(dir, "typeerr", "typeerr.go"), "package typeerr\n\nfunc F() int { return undefinedThing }\n")
	writeFile(t, filepath.Join(dir, "importer", "importer.go"), "package importer\n\nimport \"example.com/vetmod/typeerr\"\n\nvar X = typeerr.F()\n")
	writeFile(t, filepath.Join(dir, "missing", "missing.go"), "package missing\n\nimport \"example.com/vetmod/nosuch\"\n\nvar X = nosuch.Y\n")
	// A package whose test alone imports what does not exist (a module
	// the proxy refuses, say): go vet cannot analyse it, but its importer
	// needs only the package.
	writeFile(t, filepath.Join(dir, "testonly", "testonly.go"), "package testonly\n\nfunc F() int { return 1 }\n")
	writeFile(t, filepath.Join(dir, "testonly", "testonly_test.go"), "package testonly\n\nimport \"example.com/vetmod/nosuchtest\"\n\nvar _ = nosuchtest.Y\n")
	writeFile(t, filepath.Join(dir, "testonlyuser", "testonlyuser.go"), "package testonlyuser\n\nimport \"example.com/vetmod/testonly\"\n\nvar X = testonly.F()\n")
	// A package whose test alone does not type-check (a helper renamed
	// under it): go vet cannot analyse it, and its importer builds it
	// without its tests.
	writeFile(t, filepath.Join(dir, "testtype", "testtype.go"), "package testtype\n\nfunc F() int { return 1 }\n")
	writeFile(t, filepath.Join(dir, "testtype", "testtype_test.go"), "package testtype\n\nvar _ = renamedHelper()\n")
	writeFile(t, filepath.Join(dir, "testtypeuser", "testtypeuser.go"), "package testtypeuser\n\nimport \"example.com/vetmod/testtype\"\n\nvar X = testtype.F()\n")
	// A package that embeds files not built yet (a web UI's build/): go
	// list reports the pattern only when asked for the embedded files.
	writeFile(t, filepath.Join(dir, "webui", "webui.go"), "package webui\n\nimport \"embed\"\n\n//go:embed build/*\nvar Files embed.FS\n")
	return dir
}

// TestStandaloneBrokenPackages checks that each package that cannot be
// analysed costs one line naming its error, that the rest is analysed,
// and that the exit status tells findings and incomplete analysis apart.
func TestStandaloneBrokenPackages(t *testing.T) {
	dir := brokenModule(t)
	run := standaloneRun(t, dir, "./...")
	if run.exitCode != exitBoth {
		t.Errorf("exit code %d, want %d (findings and incomplete)\n%s", run.exitCode, exitBoth, run.stderr)
	}
	lines := strings.Split(strings.TrimSpace(run.stderr), "\n")
	broken := slices.DeleteFunc(slices.Clone(lines), func(l string) bool { return !strings.HasPrefix(l, "idemvet: ") })
	want := []*regexp.Regexp{
		regexp.MustCompile(`^idemvet: example.com/vetmod/missing does not load: .*example.com/vetmod/nosuch`),
		regexp.MustCompile(`^idemvet: example.com/vetmod/testonly could not be analysed: its tests do not load: .*example.com/vetmod/nosuchtest[^(]*$`),
		regexp.MustCompile(`^idemvet: example.com/vetmod/testtype could not be analysed: testtype/testtype_test.go:3:\d+: undefined: renamedHelper$`),
		regexp.MustCompile(`^idemvet: example.com/vetmod/typeerr could not be analysed: typeerr/typeerr.go:3:\d+: undefined: undefinedThing \(1 more package\(s\) not analysed because they import it\)$`),
		regexp.MustCompile(`^idemvet: example.com/vetmod/webui does not load: .*pattern build/\*: no matching files found`),
		// typeerr's importer is not analysed either; testtype's is.
		regexp.MustCompile(`^idemvet: 4 of 10 packages analysed; 6 could not be \(above\)$`),
	}
	if len(broken) != len(want) {
		t.Fatalf("%d idemvet: lines, want one per broken package and the count (%d):\n%s", len(broken), len(want), run.stderr)
	}
	for i, re := range want {
		if !re.MatchString(broken[i]) {
			t.Errorf("line %q does not match %s", broken[i], re)
		}
	}
	// The rest is analysed, each finding naming its check.
	if got, want := findingLines(run.stderr), sortedLines(vetMarkedLines(t, "FINDING"), vetMarkedLines(t, "UNUSED")); !slices.Equal(withoutRelatedText(run.stderr), want) {
		t.Errorf("findings on lines %v (related included: %v), want %v\n%s", withoutRelatedText(run.stderr), got, want, run.stderr)
	}

	// Near misses: the broken packages alone are incomplete without
	// findings; the sound ones alone are complete with findings.
	if only := standaloneRun(t, dir, "./typeerr", "./importer"); only.exitCode != exitIncomplete {
		t.Errorf("broken packages only: exit code %d, want %d\n%s", only.exitCode, exitIncomplete, only.stderr)
	}
	if sound := standaloneRun(t, dir, "./pay", "./clean"); sound.exitCode != exitFindings || strings.Contains(sound.stderr, "idemvet: ") {
		t.Errorf("sound packages only: exit code %d, want %d and no broken-package line\n%s", sound.exitCode, exitFindings, sound.stderr)
	}
	if clean := standaloneRun(t, dir, "./clean"); clean.exitCode != exitClean || clean.stderr != "" {
		t.Errorf("clean package: exit code %d, want 0 and no output\n%s", clean.exitCode, clean.stderr)
	}
	// -json: findings do not change the status, incomplete analysis does.
	if js := standaloneRun(t, dir, "-json", "./..."); js.exitCode != exitIncomplete || !strings.HasPrefix(js.stdout, "{") {
		t.Errorf("-json: exit code %d, want %d and JSON\n%s%s", js.exitCode, exitIncomplete, js.stdout, js.stderr)
	}
	// -fix fixes what it can, and still says what it could not analyse.
	fixed := standaloneRun(t, dir, "-fix", "./...")
	if got, want := withoutRelatedText(fixed.stderr), vetMarkedLines(t, "UNUSED"); fixed.exitCode != exitBoth || !slices.Equal(got, want) {
		t.Errorf("-fix with broken packages: exit code %d, lines %v, want %d and %v\n%s", fixed.exitCode, got, exitBoth, want, fixed.stderr)
	}
}

// textFindingRE matches a finding of the standalone text output, which
// ends with its check's name.
var textFindingRE = regexp.MustCompile(`(?m)^pay/pay\.go:(\d+):\d+: [^\t].* \((checkthenact|claimtx|attemptkey)\)$`)

// withoutRelatedText returns the lines of pay.go that the standalone text
// output reports as findings, each naming its check.
func withoutRelatedText(output string) []int {
	var lines []int
	for _, m := range textFindingRE.FindAllStringSubmatch(output, -1) {
		var n int
		for _, c := range m[1] {
			n = n*10 + int(c-'0')
		}
		lines = append(lines, n)
	}
	slices.Sort(lines)
	return lines
}

// TestStandaloneFix checks that -fix applies the fixes, then prints the
// findings it could not fix and exits 3 while any remain; -fix -diff
// changes nothing, prints what the diff leaves and also exits 3 while
// findings remain, even when it has no fix to offer.
func TestStandaloneFix(t *testing.T) {
	dir := vetCopy(t)
	paySrc := filepath.Join(dir, "pay", "pay.go")
	before, _ := os.ReadFile(paySrc)

	diff := standaloneRun(t, dir, "-fix", "-diff", "./...")
	if diff.exitCode != exitFindings || !strings.Contains(diff.stdout, "+\t\t_, err := db.ExecContext(ctx, `INSERT INTO payments (key) VALUES ($1) ON CONFLICT (key) DO NOTHING`, key)") {
		t.Errorf("-fix -diff: exit code %d, want %d and the diff\n%s%s", diff.exitCode, exitFindings, diff.stdout, diff.stderr)
	}
	if after, _ := os.ReadFile(paySrc); !bytes.Equal(before, after) {
		t.Error("-fix -diff changed the file")
	}
	// What the diff does not fix is printed, and counted.
	if got, want := withoutRelatedText(diff.stderr), vetMarkedLines(t, "UNUSED"); !slices.Equal(got, want) {
		t.Errorf("-fix -diff reports lines %v, want the unfixable %v\n%s", got, want, diff.stderr)
	}
	if !strings.Contains(diff.stderr, "idemvet: 2 findings: the diff fixes 1, 1 have no mechanical fix (above)\n") {
		t.Errorf("-fix -diff does not count what it fixes and what it does not:\n%s", diff.stderr)
	}
	// Near miss: nothing to fix, nothing found.
	if clean := standaloneRun(t, dir, "-fix", "-diff", "./clean"); clean.exitCode != exitClean || clean.stdout != "" || clean.stderr != "" {
		t.Errorf("-fix -diff on a clean package: exit code %d, want %d and no output\n%s%s", clean.exitCode, exitClean, clean.stdout, clean.stderr)
	}

	fixed := standaloneRun(t, dir, "-fix", "./...")
	if fixed.exitCode != exitFindings {
		t.Errorf("-fix: exit code %d, want %d while the unused directive remains\n%s", fixed.exitCode, exitFindings, fixed.stderr)
	}
	if got, want := withoutRelatedText(fixed.stderr), vetMarkedLines(t, "UNUSED"); !slices.Equal(got, want) {
		t.Errorf("-fix reports lines %v, want the unfixable %v\n%s", got, want, fixed.stderr)
	}
	if !strings.Contains(fixed.stderr, "idemvet: 1 findings have no mechanical fix (above)\n") {
		t.Errorf("-fix does not count what it left:\n%s", fixed.stderr)
	}
	if after, _ := os.ReadFile(paySrc); !bytes.Contains(after, []byte("VALUES ($1) ON CONFLICT (key) DO NOTHING`")) {
		t.Errorf("-fix did not apply the fix:\n%s", after)
	}
	// Once fixed, only findings with no mechanical fix are left: the diff
	// is empty, and the status still says findings remain.
	if unfixable := standaloneRun(t, dir, "-fix", "-diff", "./..."); unfixable.exitCode != exitFindings || unfixable.stdout != "" || !strings.Contains(unfixable.stderr, "idemvet: 1 findings: the diff fixes 0, 1 have no mechanical fix (above)\n") {
		t.Errorf("-fix -diff with no fix to offer: exit code %d, want %d, no diff and a count\n%s%s", unfixable.exitCode, exitFindings, unfixable.stdout, unfixable.stderr)
	}
}

// TestConfigFile checks that .idemvet.yml, found above the working
// directory, is read by the standalone and the go vet forms alike, that
// a flag overrides it, and that a mistake in it is an error.
func TestConfigFile(t *testing.T) {
	// Nine runs of the fixture, each with another configuration and so
	// its standard packages analysed again: the full tier.
	testfiles.FullEndToEnd(t)
	dir := vetCopy(t)
	all := sortedLines(vetMarkedLines(t, "FINDING"), vetMarkedLines(t, "UNUSED"), vetMarkedLines(t, "FLAGS"))
	writeFile(t, filepath.Join(dir, ".idemvet.yml"), "exists: [Ledger.Seen]\ninsert: \"(*Ledger).Record\"\n")

	sub := filepath.Join(dir, "pay") // the file is found from below
	run := standaloneRun(t, sub, "./...")
	if got := withoutRelatedText("pay/" + strings.ReplaceAll(run.stderr, "\n", "\npay/")); run.exitCode != exitFindings || !slices.Equal(got, all) {
		t.Errorf("standalone with .idemvet.yml: exit code %d, lines %v, want %d and %v\n%s", run.exitCode, got, exitFindings, all, run.stderr)
	}
	vet := goVet(t, dir, "./...")
	if got := withoutRelated(t, vet.stderr); vet.exitCode != 1 || !slices.Equal(got, all) {
		t.Errorf("go vet with .idemvet.yml: exit code %d, lines %v, want 1 and %v\n%s", vet.exitCode, got, all, vet.stderr)
	}
	// A flag overrides the file.
	off := standaloneRun(t, dir, "-exists=", "./...")
	if got, want := withoutRelatedText(off.stderr), sortedLines(vetMarkedLines(t, "FINDING"), vetMarkedLines(t, "UNUSED")); !slices.Equal(got, want) {
		t.Errorf("-exists= over the file: lines %v, want %v\n%s", got, want, off.stderr)
	}

	for _, bad := range []struct{ config, want string }{
		{"exist: [Ledger.Seen]\n", `unknown field "exist"`},
		{"disable: [chekthenact]\n", `unknown check "chekthenact"`},
		{"exists: [Ledger..Seen]\n", `"Ledger..Seen" is not a function name`},
	} {
		writeFile(t, filepath.Join(dir, ".idemvet.yml"), bad.config)
		for _, r := range []vetRun{standaloneRun(t, dir, "./..."), goVet(t, dir, "./...")} {
			if r.exitCode == 0 || r.exitCode == exitFindings || !strings.Contains(r.stderr, bad.want) || !strings.Contains(r.stderr, ".idemvet.yml") {
				t.Errorf("config %q: exit code %d, want a failure naming the file and %s\n%s", bad.config, r.exitCode, bad.want, r.stderr)
			}
		}
	}
}

// TestVersion checks -version and the -V=full line go vet keys its cache
// on: it must change when the configuration file does.
func TestVersion(t *testing.T) {
	dir := t.TempDir()
	v := standaloneRun(t, dir, "-version")
	// A module version, or devel and the checkout's commit, or devel and
	// why there is none (go test builds with VCS stamping off).
	if v.exitCode != 0 || !regexp.MustCompile(`^idemvet (v\S+|devel ([0-9a-f]{40}(\+dirty)?|\(no VCS information\))) \(go1\.\d+`).MatchString(v.stdout) {
		t.Errorf("-version: exit code %d, output %q", v.exitCode, v.stdout)
	}
	full := regexp.MustCompile(`^idemvet version devel \S.* buildID=[0-9a-f]{64}\n$`)
	first := standaloneRun(t, dir, "-V=full")
	if !full.MatchString(first.stdout) {
		t.Fatalf("-V=full printed %q", first.stdout)
	}
	if again := standaloneRun(t, dir, "-V=full"); again.stdout != first.stdout {
		t.Errorf("-V=full changed between two runs: %q, %q", first.stdout, again.stdout)
	}
	writeFile(t, filepath.Join(dir, ".idemvet.yml"), "exists: [Seen]\n")
	if withConfig := standaloneRun(t, dir, "-V=full"); withConfig.stdout == first.stdout {
		t.Errorf("-V=full is the same with a configuration file: %q", first.stdout)
	}
}

// TestBadFlags checks that a mistyped flag or a name that cannot match
// anything stops idemvet with one clear error, before any analysis.
func TestBadFlags(t *testing.T) {
	dir := vetCopy(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-exist=Seen", "./..."}, "flag provided but not defined: -exist"},
		{[]string{"-exists=Ledger..Seen", "./..."}, `"Ledger..Seen" is not a function name`},
		{[]string{"-keyheaders=Idempotency Key", "./..."}, `"Idempotency Key" is not an HTTP header name`},
		{[]string{"-attemptkey.retry=Do", "./..."}, "flag provided but not defined: -attemptkey.retry"},
		{[]string{"-diff", "./..."}, "-diff needs -fix"},
	} {
		r := standaloneRun(t, dir, tc.args...)
		if r.exitCode != exitFailed || !strings.Contains(r.stderr, tc.want) || strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("idemvet %s: exit code %d, want %d and one line with %q\n%s", strings.Join(tc.args, " "), r.exitCode, exitFailed, tc.want, r.stderr)
		}
	}
	// Near miss: the method form Go people write is accepted.
	if r := standaloneRun(t, dir, "-exists=(*Ledger).Seen", "-insert=*Ledger.Record", "./pay"); r.exitCode != exitFindings || !strings.Contains(r.stderr, "the existence check Seen") {
		t.Errorf("-exists=(*Ledger).Seen: exit code %d, want %d and the Seen finding\n%s", r.exitCode, exitFindings, r.stderr)
	}
}

// TestStandaloneListsOnlyOnFailure checks that a run where go vet succeeds
// costs go vet and the import paths of its roots, listed beside it
// (TestDependencyRunThenOwnRun), and no full listing (which takes seconds
// on a large module), and that a failure is explained by a listing: with a
// package that does not load, go vet refuses to run at all, so it runs
// again on those that do.
func TestStandaloneListsOnlyOnFailure(t *testing.T) {
	dir := brokenModule(t)
	// A go command that logs its subcommand, then runs the real one.
	shim := t.TempDir()
	logFile := filepath.Join(shim, "calls")
	writeFile(t, filepath.Join(shim, "go"), "#!/bin/sh\necho \"$1$3\" >> "+logFile+"\nexec "+goCommand(t)+" \"$@\"\n")
	if err := os.Chmod(filepath.Join(shim, "go"), 0o755); err != nil {
		t.Fatal(err)
	}
	calls := func(patterns ...string) []string {
		t.Helper()
		os.Remove(logFile)
		cmd := exec.Command(idemvetBinary(t), patterns...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "PATH="+shim+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, _ := cmd.CombinedOutput()
		data, err := os.ReadFile(logFile)
		if err != nil {
			t.Fatalf("%v: the go command was not run: %v\n%s", patterns, err, out)
		}
		// Each go vet run has its roots listed beside it, in either order.
		var subcommands []string
		vets, rootListings := 0, 0
		for _, call := range strings.Fields(string(data)) {
			switch {
			case call == "list-f":
				rootListings++
				continue
			case strings.HasPrefix(call, "vet"):
				vets++
			}
			subcommands = append(subcommands, strings.TrimSuffix(strings.TrimSuffix(call, "-json"), "-test"))
		}
		if rootListings != vets {
			t.Errorf("%v: %d go vet runs, %d listings of their roots", patterns, vets, rootListings)
		}
		return subcommands
	}
	for _, c := range []struct {
		patterns []string
		want     []string
	}{
		{[]string{"./pay", "./clean"}, []string{"vet"}},
		{[]string{"./typeerr", "./importer"}, []string{"vet", "list"}},
		{[]string{"./missing", "./pay"}, []string{"vet", "list", "vet"}},
	} {
		if got := calls(c.patterns...); !slices.Equal(got, c.want) {
			t.Errorf("%v: go %v, want go %v", c.patterns, got, c.want)
		}
	}
}
