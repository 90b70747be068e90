package analyzers

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestFindConfig(t *testing.T) {
	root := t.TempDir()
	deep := filepath.Join(root, "a", "b")
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if got, err := FindConfig(deep); err != nil || got != "" {
		t.Fatalf("no file anywhere: FindConfig = %q, %v; want none", got, err)
	}
	top := filepath.Join(root, ".idemvet.yml")
	if err := os.WriteFile(top, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := FindConfig(deep); got != top {
		t.Errorf("FindConfig from below = %q, want %q", got, top)
	}
	// The nearest file wins.
	near := filepath.Join(root, "a", ".idemvet.yaml")
	if err := os.WriteFile(near, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := FindConfig(deep); got != near {
		t.Errorf("FindConfig = %q, want the nearer %q", got, near)
	}
}

func TestParseConfig(t *testing.T) {
	s, err := parseConfig([]byte("disable: [attemptkey]\nexists: [Store.HasKey, (*Store).Seen]\nclaim: Dedup.TryMark, Other\n"))
	if err != nil {
		t.Fatal(err)
	}
	args, err := s.Args()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"-attemptkey=false", "-exists=Store.HasKey,Store.Seen", "-claim=Dedup.TryMark,Other"}
	if !slices.Equal(args, want) {
		t.Errorf("Args() = %q, want %q", args, want)
	}
	if s, err := parseConfig(nil); err != nil || len(s.Exists) != 0 {
		t.Errorf("empty file: %+v, %v", s, err)
	}
	// Each near miss is one mistake away from the file above.
	for _, bad := range []struct{ doc, want string }{
		{"exist: [Store.HasKey]\n", `unknown field "exist"`},
		{"exists: 3\n", "want a list of names"},
		{"exists: [\n", "yaml"},
	} {
		if _, err := parseConfig([]byte(bad.doc)); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("parseConfig(%q) = %v, want an error with %q", bad.doc, err, bad.want)
		}
	}
	for _, bad := range []Settings{{Disable: NameList{"chekthenact"}}, {Exists: NameList{"Store..HasKey"}}, {KeyHeaders: NameList{"Idempotency Key"}}} {
		if _, err := bad.Args(); err == nil {
			t.Errorf("Args() of %+v: no error", bad)
		}
	}
}

func TestDocRef(t *testing.T) {
	for _, tc := range []struct{ version, want string }{
		{"v0.1.0", "v0.1.0"},
		{"v0.0.0-20261201002634-a8e7f65e050b", "a8e7f65e050b"},
		{"v0.0.0-20261201002634-a8e7f65e050b+dirty", "a8e7f65e050b"},
		{"devel a8e7f65e050b5223e360b80e6199fb52f97d3dea+dirty", "a8e7f65e050b5223e360b80e6199fb52f97d3dea"},
		{"devel", "main"},
		{"devel (no VCS information)", "main"},
	} {
		if got := docRef(tc.version); got != tc.want {
			t.Errorf("docRef(%q) = %q, want %q", tc.version, got, tc.want)
		}
	}
}
