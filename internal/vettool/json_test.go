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
	err := DecodeJSON(strings.NewReader(out), func(pkg, check string, raw json.RawMessage) error {
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
	if err := DecodeJSON(strings.NewReader("{not json"), func(string, string, json.RawMessage) error { return nil }); err == nil {
		t.Error("no error on output that is not JSON")
	}
}
