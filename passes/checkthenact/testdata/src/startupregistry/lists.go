package startupregistry

import (
	"context"
	"database/sql"
	"net/http"
)

// A migration list of plain funcs: the list is the registry, whatever
// runs it later.
var migrationList = []func(ctx context.Context, db *sql.DB) error{
	func(ctx context.Context, db *sql.DB) error { return seedLocale(ctx, db, "en") },
}

var migrationSteps = []func(ctx context.Context, db *sql.DB) error{seedZone}

// A migration map keyed by version.
var migrationsByVersion = map[int]func(ctx context.Context, db *sql.DB) error{
	1: func(ctx context.Context, db *sql.DB) error { return seedScope(ctx, db, "read") },
}

// A list of funcs appended from init.
var migrationFuncs []func(ctx context.Context, db *sql.DB) error

func init() {
	migrationFuncs = append(migrationFuncs, func(ctx context.Context, db *sql.DB) error {
		return seedChannel(ctx, db, "web")
	})
}

// A migration record built by the function that runs the migrator
// (gormigrate.New(db, opts, []*gormigrate.Migration{{...}})).
func runMigrator(ctx context.Context, db *sql.DB, run func([]*Migration) error) error {
	return run([]*Migration{{ID: "0004", Up: func(ctx context.Context, db *sql.DB) error {
		return seedCountry(ctx, db, "FR")
	}}})
}

func seedLocale(ctx context.Context, db *sql.DB, name string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM locales WHERE name = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO locales (name) VALUES ($1)`, name)
		return err
	}
	return nil
}

func seedZone(ctx context.Context, db *sql.DB) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM zones WHERE name = 'utc')`).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO zones (name) VALUES ('utc')`)
		return err
	}
	return nil
}

func seedScope(ctx context.Context, db *sql.DB, name string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM scopes WHERE name = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO scopes (name) VALUES ($1)`, name)
		return err
	}
	return nil
}

func seedChannel(ctx context.Context, db *sql.DB, name string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM channels WHERE name = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO channels (name) VALUES ($1)`, name)
		return err
	}
	return nil
}

func seedCountry(ctx context.Context, db *sql.DB, code string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM countries WHERE code = $1)`, code).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO countries (code) VALUES ($1)`, code)
		return err
	}
	return nil
}

// Near miss: a list of funcs that is no migration list (hooks run on
// every request) does not make its helper startup code.
var requestHooks = []func(ctx context.Context, db *sql.DB) error{
	func(ctx context.Context, db *sql.DB) error { return touchVisitor(ctx, db, "anon") },
}

func touchVisitor(ctx context.Context, db *sql.DB, name string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM visitors WHERE name = $1)`, name).Scan(&exists); err != nil { // want `check-then-act race`
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO visitors (name) VALUES ($1)`, name)
		return err
	}
	return nil
}

// Near miss: a helper in a migration map that a handler also calls.
var migrationsV2 = map[string]func(ctx context.Context, db *sql.DB) error{
	"v2": func(ctx context.Context, db *sql.DB) error { return addBadge(ctx, db, "new") },
}

func addBadge(ctx context.Context, db *sql.DB, name string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM badges WHERE name = $1)`, name).Scan(&exists); err != nil { // want `check-then-act race`
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO badges (name) VALUES ($1)`, name)
		return err
	}
	return nil
}

func badgeHandler(db *sql.DB) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := addBadge(r.Context(), db, r.FormValue("name")); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
}
