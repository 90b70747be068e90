// Package testfiles writes the small source trees tests build their
// modules from.
package testfiles

import (
	"os"
	"path/filepath"
	"testing"
)

// Write creates each file of files, named by its slash-separated path
// under dir, with the directories it needs; it fails the test on error.
func Write(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, src := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
