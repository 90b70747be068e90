// Package testfiles holds what the end-to-end tests of both modules
// share: the small source trees they build their modules from, the build
// cache without idemvet's packages, and the tiers that decide which run.
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

// CheckThenInsert is package pay, with one check-then-act race: a count
// of the key's payments, then an insert when there are none (line 10 and
// line 16).
const CheckThenInsert = `package pay

import (
	"context"
	"database/sql"
)

func Pay(ctx context.Context, db *sql.DB, key string) error {
	var n int
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM payments WHERE key = $1", key).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	_, err := db.ExecContext(ctx, "INSERT INTO payments (key) VALUES ($1)", key)
	return err
}
`
