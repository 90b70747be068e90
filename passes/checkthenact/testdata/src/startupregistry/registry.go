// Package startupregistry registers its migrations from init; the
// closures it registers, and the helpers only they call, run once at
// startup.
package startupregistry

import (
	"context"
	"database/sql"
	"net/http"
)

// Migration is one step of the package's migration list.
type Migration struct {
	ID string
	Up func(ctx context.Context, db *sql.DB) error
}

var migrations []*Migration

// AddMigration registers a step, goose-style.
func AddMigration(up func(ctx context.Context, db *sql.DB) error) {
	migrations = append(migrations, &Migration{Up: up})
}

// RegisterMigration registers a step given as a record.
func RegisterMigration(m *Migration) { migrations = append(migrations, m) }

func init() {
	AddMigration(func(ctx context.Context, db *sql.DB) error {
		return seedPlan(ctx, db, "free")
	})
	RegisterMigration(&Migration{ID: "0002", Up: func(ctx context.Context, db *sql.DB) error {
		return seedTag(ctx, db, "default")
	}})
	migrations = append(migrations, &Migration{ID: "0003", Up: func(ctx context.Context, db *sql.DB) error {
		return seedRole(ctx, db, "admin")
	}})
	AddMigration(func(ctx context.Context, db *sql.DB) error {
		return addCurrency(ctx, db, "EUR")
	})
}

// Called only from a closure registered at init: startup code.
func seedPlan(ctx context.Context, db *sql.DB, name string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM plans WHERE name = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO plans (name) VALUES ($1)`, name)
		return err
	}
	return nil
}

// Called only from a closure in a migration record registered at init.
func seedTag(ctx context.Context, db *sql.DB, name string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM tags WHERE name = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO tags (name) VALUES ($1)`, name)
		return err
	}
	return nil
}

// Called only from a closure appended to the migration list at init.
func seedRole(ctx context.Context, db *sql.DB, name string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM roles WHERE name = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO roles (name) VALUES ($1)`, name)
		return err
	}
	return nil
}

// Near miss: the same kind of helper, also called from a request
// handler, is reported.
func addCurrency(ctx context.Context, db *sql.DB, code string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM currencies WHERE code = $1)`, code).Scan(&exists); err != nil { // want `check-then-act race`
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO currencies (code) VALUES ($1)`, code)
		return err
	}
	return nil
}

func currencyHandler(db *sql.DB) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if err := addCurrency(r.Context(), db, r.FormValue("code")); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
		}
	}
}

// A migration list declared as a package-level variable, which the
// package's own init fills.
var baseline = []*Migration{{ID: "0000", Up: func(ctx context.Context, db *sql.DB) error {
	return seedRegion(ctx, db, "eu")
}}}

// Called only from a closure in that list: startup code.
func seedRegion(ctx context.Context, db *sql.DB, name string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM regions WHERE name = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO regions (name) VALUES ($1)`, name)
		return err
	}
	return nil
}
