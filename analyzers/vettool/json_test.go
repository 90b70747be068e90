package vettool

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func TestSplitPosition(t *testing.T) {
	for _, tc := range []struct {
		posn      string
		file      string
		line, col int
	}{
		{"/m/p/p.go:12:3", "/m/p/p.go", 12, 3},
		{`C:\m\p\p.go:7:1`, `C:\m\p\p.go`, 7, 1},
		{"p.go", "p.go", 0, 0}, // no position: the file alone
	} {
		file, line, col := SplitPosition(tc.posn)
		if file != tc.file || line != tc.line || col != tc.col {
			t.Errorf("SplitPosition(%q) = %q, %d, %d; want %q, %d, %d", tc.posn, file, line, col, tc.file, tc.line, tc.col)
		}
	}
}

func TestDecodeJSON(t *testing.T) {
	// What go vet -json prints: objects per package, some go commands
	// putting "# package" lines before them.
	out := `# example.com/a
{
	"example.com/a": {
		"checkthenact": [{"posn": "/m/a/a.go:3:1", "message": "race"}]
	}
}
{"example.com/b [example.com/b.test]": {"claimtx": {"error": "failed"}}}
`
	var got []string
	_, err := DecodeJSON(strings.NewReader(out), func(pkg, check string, raw json.RawMessage) error {
		got = append(got, pkg+" "+check)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(got)
	if want := []string{"example.com/a checkthenact", "example.com/b [example.com/b.test] claimtx"}; !slices.Equal(got, want) {
		t.Errorf("decoded %q, want %q", got, want)
	}
	if _, err := DecodeJSON(strings.NewReader("{not json"), func(string, string, json.RawMessage) error { return nil }); err == nil {
		t.Error("no error on output that is not JSON")
	}
}

// TestSplitStderrOlderGo checks that the results a go vet before Go 1.26
// prints on standard error are read as results, not as the errors of
// packages that could not be analysed, and that what else it says stays.
func TestSplitStderrOlderGo(t *testing.T) {
	stderr := `go: downloading example.com/dep v1.0.0
# example.com/b
{}
# example.com/a
{
	"example.com/a": {
		"checkthenact": [
			{
				"posn": "/m/a/a.go:10:30",
				"message": "race"
			}
		]
	}
}
# example.com/broken
vet: broken/broken.go:3:23: undefined: undefinedThing
`
	results, rest := SplitStderr([]byte(stderr))
	var got []string
	units, err := DecodeJSON(strings.NewReader(string(results)), func(pkg, check string, raw json.RawMessage) error {
		got = append(got, pkg+" "+check)
		return nil
	})
	if err != nil {
		t.Fatalf("decoding %q: %v", results, err)
	}
	if units != 2 || !slices.Equal(got, []string{"example.com/a checkthenact"}) {
		t.Errorf("%d units, findings %q; want 2 units and a's checkthenact", units, got)
	}
	// Near miss: a package that could not be analysed stays an error.
	broken, other := ReadErrors(strings.NewReader(string(rest)))
	if len(broken) != 1 || !strings.Contains(broken["example.com/broken"], "undefined: undefinedThing") {
		t.Errorf("broken = %q, want example.com/broken alone", broken)
	}
	if other != "go: downloading example.com/dep v1.0.0\n" {
		t.Errorf("the go command's own lines = %q", other)
	}
	// Go 1.26 prints results on standard output: stderr has none.
	if results, _ := SplitStderr([]byte("# example.com/broken\nvet: x.go:1:1: bad\n")); len(results) != 0 {
		t.Errorf("results %q taken from an error block", results)
	}
}

// TestReadErrorsCompilerWarnings checks that a cgo dependency's C
// compiler warnings, printed under its package line while go vet builds
// it, do not make the package one that could not be analysed, while a C
// compiler's error does.
func TestReadErrorsCompilerWarnings(t *testing.T) {
	stderr := `# github.com/mattn/go-sqlite3
sqlite3-binding.c: In function 'sqlite3SelectNew':
sqlite3-binding.c:129364:10: warning: function may return address of local variable [-Wreturn-local-addr]
129364 |   return pNew;
       |          ^~~~
sqlite3-binding.c:129324:10: note: declared here
# example.com/cgoerr
cgoerr.c:3:1: error: unknown type name 'nosuch'
# example.com/goerr
vet: goerr/goerr.go:3:23: undefined: x
`
	broken, _ := ReadErrors(strings.NewReader(stderr))
	if _, ok := broken["github.com/mattn/go-sqlite3"]; ok {
		t.Errorf("compiler warnings taken for a failure: %q", broken["github.com/mattn/go-sqlite3"])
	}
	for _, pkg := range []string{"example.com/cgoerr", "example.com/goerr"} {
		if broken[pkg] == "" {
			t.Errorf("%s: its error was not read as a failure (broken = %q)", pkg, broken)
		}
	}
}
