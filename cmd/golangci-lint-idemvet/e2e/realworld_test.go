package e2e

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/idemvet/idemvet/internal/testfiles"
)

// A file of its own, so that the test runs after lint_test.go's (go test
// runs files in name order): .ci/test.sh runs cmd/idemvet's tests beside
// this package, and they analyse the same module with the same idemvet
// executable (the plugin builds it as go build does), so by then go vet's
// result cache holds this test's first run; started together, both
// would analyse the module.

// TestRealWorldSameFindings runs the plugin on the real-library module
// (testdata/realworld), whose expected findings are its "// want:<check>"
// markers, the same markers cmd/idemvet's TestRealWorld holds the
// standalone and go vet forms to: so the three forms report the same
// findings there. Every issue is kept (no merging per line, no caps).
func TestRealWorldSameFindings(t *testing.T) {
	// golangci-lint over the real libraries, whose analysis cmd/idemvet's
	// TestRealWorld already runs in the contributor's tier: the full tier.
	testfiles.FullEndToEnd(t)
	dir, err := filepath.Abs("../../../testdata/realworld")
	if err != nil {
		t.Fatal(err)
	}
	want := realWorldMarkers(t, dir)
	issues := `issues:
  max-issues-per-linter: 0
  max-same-issues: 0
  uniq-by-line: false
`
	// With the build cache as the tests left it, go vet runs idemvet built
	// by the plugin; on one without idemvet's packages, the shim, and the
	// checks run in workers of golangci-lint's executable. That cache
	// compiles the module's dependencies on its first run, so that run
	// covers the packages whose dependencies are mostly the standard
	// library (a third of the module's build, a package importing
	// another's facts among them), and the markers in them.
	for _, cold := range []bool{false, true} {
		patterns, want, settings := []string{"./..."}, want, []string(nil)
		if cold {
			t.Setenv("GOCACHE", testfiles.CacheWithoutIdemvet(t))
			t.Setenv("XDG_CACHE_HOME", t.TempDir())
			settings = []string{freshAnalysis()}
			patterns = []string{"./abortedtx/...", "./ackorder/...", "./attemptkey/..."}
			want = slices.DeleteFunc(slices.Clone(want), func(m string) bool {
				_, file, _ := strings.Cut(m, " ")
				return !strings.HasPrefix(file, "abortedtx/") && !strings.HasPrefix(file, "ackorder/") && !strings.HasPrefix(file, "attemptkey/")
			})
			if len(want) == 0 {
				t.Fatal("no markers in the packages of the empty-cache run")
			}
		}
		res := lint(t, dir, configFor(settings...)+issues, patterns...)
		var got []string
		for _, i := range res.issues {
			check, _, ok := strings.Cut(i.Text, ": ")
			if !ok || i.FromLinter != "idemvet" {
				t.Errorf("issue %v: want linter idemvet and a message starting with its check", i)
				continue
			}
			got = append(got, fmt.Sprintf("%s %s:%d", check, i.Pos.Filename, i.Pos.Line))
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("empty build cache %v: golangci-lint's findings differ from the markers:\ngot  %q\nwant %q\n%s", cold, got, want, res.stderr)
		}
		if cold {
			userCache, _ := os.UserCacheDir()
			if shims, _ := filepath.Glob(filepath.Join(userCache, "idemvet", "golangci-tools", "*", "idemvet-shim")); len(shims) != 1 {
				t.Errorf("empty build cache: shims built %v, want one (go vet ran another tool)", shims)
			}
		}
	}
}

// wantMarkerRE matches a marker in a line comment: want:<check>.
var wantMarkerRE = regexp.MustCompile(`\bwant:([a-z][a-z0-9_]*)`)

// realWorldMarkers returns "check file:line" for every marker in the
// module's Go files, sorted, a finding per marker.
func realWorldMarkers(t *testing.T, dir string) []string {
	t.Helper()
	var want []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		for n, line := range strings.Split(string(data), "\n") {
			_, comment, ok := strings.Cut(line, "//")
			if !ok {
				continue
			}
			for _, m := range wantMarkerRE.FindAllStringSubmatch(comment, -1) {
				want = append(want, fmt.Sprintf("%s %s:%d", m[1], filepath.ToSlash(rel), n+1))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(want) == 0 {
		t.Fatal("no want: markers in the real-library module")
	}
	slices.Sort(want)
	return want
}
