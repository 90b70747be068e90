package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/idemvet/idemvet/internal/testfiles"
)

// vetUnitRun matches go vet -x's line for a run of the vet tool on a unit
// (its vet.cfg), as opposed to the -V=full and -flags questions the go
// command asks the tool on every run.
var vetUnitRun = regexp.MustCompile(`(?m)/idemvet .*vet\.cfg$`)

// TestVetSharedCache runs the vet form on two "machines", each with a
// GOCACHE of its own and an empty one on the second, sharing one
// GOCACHEPROG (cacheprog_test.go): the second gets the first's results
// from the shared cache, runs the tool on no unit, and prints the same
// findings. The module sits at the same path on both, as on CI runners:
// without -trimpath the package's directory is part of its cache key.
//
// The shared cache outlives the test, as a team's would (under the user
// cache, beside the golangci-lint build), so that the standard packages A
// compiles come from earlier runs; a flag value of this run's own keys
// the analysis afresh, so that A analyses every unit whatever ran before.
func TestVetSharedCache(t *testing.T) {
	testfiles.FullEndToEnd(t)
	userCache, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	shared, logs := filepath.Join(userCache, "idemvet", "cacheprog-test"), t.TempDir()
	if err := os.MkdirAll(shared, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := trimCacheProg(shared, 24*time.Hour); err != nil {
		t.Fatal(err)
	}
	thisRun := fmt.Sprintf("-keyheaders=X-Shared-Cache-Run-%d", time.Now().UnixNano())
	src, dir := vetCopy(t), filepath.Join(t.TempDir(), "vetmod")
	machine := func(name string) (vetRun, []string, time.Duration) {
		t.Helper()
		// A fresh checkout: the cache keys on content, not on mtimes.
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
		if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
			t.Fatal(err)
		}
		exe, err := os.Executable()
		if err != nil {
			t.Fatal(err)
		}
		logPath := filepath.Join(logs, name)
		env := []string{
			"GOCACHE=" + t.TempDir(),
			"GOCACHEPROG=" + exe,
			cacheProgDirEnv + "=" + shared,
			cacheProgLogEnv + "=" + logPath,
		}
		start := time.Now()
		run := vetExecEnv(t, dir, env, goCommand(t), "vet", "-x", "-vettool="+idemvetBinary(t), thisRun, "./...")
		wall := time.Since(start)
		data, err := os.ReadFile(logPath)
		if err != nil {
			t.Fatal(err)
		}
		return run, strings.Fields(string(data)), wall
	}
	count := func(events []string, event string) (n int) {
		for _, e := range events {
			if e == event {
				n++
			}
		}
		return n
	}

	a, aEvents, aWall := machine("A")
	if a.exitCode != 1 || len(vetUnitRun.FindAllString(a.stderr, -1)) == 0 {
		t.Fatalf("machine A: exit code %d (want 1), and it should run the tool on units:\n%s", a.exitCode, a.stderr)
	}
	b, bEvents, bWall := machine("B")
	t.Logf("machine A (new analysis, compiled packages shared): %v, %d puts, %d hits, %d misses; machine B (empty GOCACHE, A's GOCACHEPROG): %v, %d puts, %d hits, %d misses",
		aWall.Round(time.Millisecond), count(aEvents, "put"), count(aEvents, "hit"), count(aEvents, "miss"),
		bWall.Round(time.Millisecond), count(bEvents, "put"), count(bEvents, "hit"), count(bEvents, "miss"))

	if units := vetUnitRun.FindAllString(b.stderr, -1); len(units) > 0 {
		t.Errorf("machine B ran the vet tool on %d units; the shared cache should hold them all:\n%s", len(units), strings.Join(units, "\n"))
	}
	// A few gets miss on both machines (entries the go command looks for
	// but never stores); what matters is that B computes nothing to put.
	if puts, hits := count(bEvents, "put"), count(bEvents, "hit"); puts > 0 || hits == 0 {
		t.Errorf("machine B's cache requests: %d puts, %d hits; want hits and no puts", puts, hits)
	}
	if got, want := findingsOf(b.stderr), findingsOf(a.stderr); b.exitCode != a.exitCode || got != want {
		t.Errorf("machine B printed (exit code %d):\n%s\nmachine A (exit code %d):\n%s", b.exitCode, got, a.exitCode, want)
	}
	if findingsOf(a.stderr) == "" {
		t.Errorf("machine A printed no findings:\n%s", a.stderr)
	}
}

// findingLine matches a line go vet prints for a finding or its related
// position, and none of -x's command lines, which differ from run to run.
var findingLine = regexp.MustCompile(`(?m)^[^\s#]\S*\.go:\d+:\d+: .*$`)

// findingsOf returns the finding lines of go vet -x's output.
func findingsOf(stderr string) string {
	return strings.Join(findingLine.FindAllString(stderr, -1), "\n")
}
