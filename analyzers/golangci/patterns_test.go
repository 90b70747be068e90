package golangci

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestLintedDirs(t *testing.T) {
	cwd := t.TempDir()
	for _, dir := range []string{"pkg/api", "sub"} {
		if err := os.MkdirAll(filepath.Join(cwd, dir), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(cwd, "sub", "main.go"), []byte("package main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cwd, "lint.yml"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		args []string
		want []string // relative to cwd; nil with ok false
	}{
		{"no arguments: golangci-lint's ./...", []string{"run"}, []string{"..."}},
		{"a subtree and a directory", []string{"run", "./pkg/...", "sub"}, []string{"pkg/...", "sub"}},
		{"a file stands for its directory", []string{"run", "sub/main.go"}, []string{"sub"}},
		// Near misses: flag values, a configuration file, a path that
		// does not exist, a flag before the command.
		{"flag values are not patterns", []string{"--color", "never", "run", "--timeout", "5m", "--config", "lint.yml", "-j", "2", "--allow-parallel-runners", "./pkg/api"}, []string{"pkg/api"}},
		{"a path that does not exist", []string{"run", "./nosuch/..."}, []string{"..."}},
		{"an absolute recursive path", []string{"run", filepath.Join(cwd, "pkg") + "/..."}, []string{"pkg/..."}},
		{"not a run", []string{"linters"}, nil},
	} {
		got, ok := lintedDirs(tc.args, cwd)
		var want []string
		for _, w := range tc.want {
			want = append(want, filepath.Join(cwd, w))
		}
		if ok != (want != nil) || !slices.Equal(got, want) {
			t.Errorf("%s: lintedDirs(%q) = %q, %v; want %q, %v", tc.name, tc.args, got, ok, want, want != nil)
		}
	}
}

func TestPatternsIn(t *testing.T) {
	root := "/src/module"
	for _, tc := range []struct {
		dirs []string
		want []string
	}{
		{[]string{"/src/module/..."}, []string{"./..."}},
		{[]string{"/src/module"}, []string{"."}},
		{[]string{"/src/module/pkg/api/...", "/src/module/cmd/tool"}, []string{"./pkg/api/...", "./cmd/tool"}},
		{[]string{"/src/..."}, []string{"./..."}},         // a run above the module holds all of it
		{[]string{"/"}, []string{"./..."}},                // near miss: not recursive, and no package of the module, so the fallback
		{[]string{"/src/module2/..."}, []string{"./..."}}, // another module, whose name shares a prefix: the fallback
		{[]string{"/src/module2/...", "/src/module/x"}, []string{"./x"}},
	} {
		if got := patternsIn(root, tc.dirs); !slices.Equal(got, tc.want) {
			t.Errorf("patternsIn(%q, %q) = %q, want %q", root, tc.dirs, got, tc.want)
		}
	}
}

// TestPackageDir places a package go vet -json names (a check's failure
// there is reported on it) in the module, and nothing outside it.
func TestPackageDir(t *testing.T) {
	root := filepath.FromSlash("/src/m")
	for id, want := range map[string]string{
		"example.com/m":     root,
		"example.com/m/pay": filepath.Join(root, "pay"),
		"example.com/m/pay [example.com/m/pay.test]":      filepath.Join(root, "pay"),
		"example.com/m/pay_test [example.com/m/pay.test]": filepath.Join(root, "pay"),
		"example.com/mod/pay":                             "",
		"github.com/other/lib":                            "",
	} {
		got, ok := packageDir(root, "example.com/m", id)
		if ok != (want != "") || got != want {
			t.Errorf("packageDir(%q) = %q, %v; want %q", id, got, ok, want)
		}
	}
}
