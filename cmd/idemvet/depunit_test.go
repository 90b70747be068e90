package main

import (
	"regexp"
	"slices"
	"testing"

	"github.com/idemvet/idemvet/internal/testfiles"
)

// A third-party package's unit carries its types and passes on the
// facts its imports hold about methods: here, that (*log.Logger).Fatal
// does not return, which decides whether the insert below runs only when
// the check finds nothing. Neither the app nor the standard packages it
// imports import log, so the fact reaches it only through the vendored
// package's unit.
func TestThirdPartyUnitPassesMethodFactsOn(t *testing.T) {
	dir := t.TempDir()
	testfiles.Write(t, dir, map[string]string{
		"go.mod":             "module example.com/app\n\ngo 1.22\n\nrequire example.com/lib v1.0.0\n",
		"vendor/modules.txt": "# example.com/lib v1.0.0\n## explicit; go 1.22\nexample.com/lib\n",
		"vendor/example.com/lib/lib.go": `package lib

import "log"

type Svc struct{ Log *log.Logger }
`,
		"app.go": `package app

import (
	"context"
	"database/sql"

	"example.com/lib"
)

type handler struct {
	db  *sql.DB
	svc *lib.Svc
}

// The duplicate branch stops the process: the insert runs only when the
// count found nothing.
func (h *handler) FatalOnDuplicate(ctx context.Context, key string) {
	var n int
	if err := h.db.QueryRowContext(ctx, "SELECT count(*) FROM payments WHERE key = $1", key).Scan(&n); err != nil {
		return
	}
	if n > 0 {
		h.svc.Log.Fatal("duplicate")
	}
	h.db.ExecContext(ctx, "INSERT INTO payments(key) VALUES ($1)", key)
}

// Near miss: Print returns, so the insert runs whatever the count says.
func (h *handler) LogOnDuplicate(ctx context.Context, key string) {
	var n int
	if err := h.db.QueryRowContext(ctx, "SELECT count(*) FROM payments WHERE key = $1", key).Scan(&n); err != nil {
		return
	}
	if n > 0 {
		h.svc.Log.Print("duplicate")
	}
	h.db.ExecContext(ctx, "INSERT INTO payments(key) VALUES ($1)", key)
}
`,
	})
	run := goVet(t, dir, "./...")
	var got []string
	for _, m := range regexp.MustCompile(`(?m)^app\.go:(\d+):\d+: check-then-act`).FindAllStringSubmatch(run.stderr, -1) {
		got = append(got, m[1])
	}
	if want := []string{"19"}; !slices.Equal(got, want) {
		t.Errorf("go vet reports checks at lines %v, want %v:\n%s", got, want, run.stderr)
	}
}
