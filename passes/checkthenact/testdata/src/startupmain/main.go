// Package main exercises the startup rules: main and init before serving,
// migrations registered from init, CLI commands, and what they call.
package main

import (
	"context"
	"database/sql"
	"net/http"

	"github.com/spf13/cobra"
)

var db *sql.DB

func ensureAdmin(ctx context.Context) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM users WHERE name = 'admin')`).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO users (name) VALUES ('admin')`)
		return err
	}
	return nil
}

// The same shape, run by a request handler: concurrent requests race.
func signup(w http.ResponseWriter, r *http.Request) {
	name := r.FormValue("name")
	var exists bool
	if err := db.QueryRowContext(r.Context(), `SELECT EXISTS(SELECT 1 FROM users WHERE name = $1)`, name).Scan(&exists); err != nil { // want `check-then-act race`
		return
	}
	if !exists {
		db.ExecContext(r.Context(), `INSERT INTO users (name) VALUES ($1)`, name)
	}
}

// Called before serving and also from a handler: not startup code.
func ensureTenant(ctx context.Context, tenant string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM tenants WHERE name = $1)`, tenant).Scan(&exists); err != nil { // want `check-then-act race`
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO tenants (name) VALUES ($1)`, tenant)
		return err
	}
	return nil
}

func tenantHandler(w http.ResponseWriter, r *http.Request) {
	ensureTenant(r.Context(), r.FormValue("tenant"))
}

// A worker started with go runs beside the handlers.
func worker(ctx context.Context, jobs <-chan string) {
	for key := range jobs {
		var exists bool
		if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM jobs WHERE key = $1)`, key).Scan(&exists); err != nil { // want `check-then-act race`
			continue
		}
		if !exists {
			db.ExecContext(ctx, `INSERT INTO jobs (key) VALUES ($1)`, key)
		}
	}
}

// A one-shot command of the CLI: run by an operator, once.
func importUsers(cmd *cobra.Command, args []string) error {
	for _, name := range args {
		var exists bool
		if err := db.QueryRowContext(cmd.Context(), `SELECT EXISTS(SELECT 1 FROM users WHERE name = $1)`, name).Scan(&exists); err != nil {
			return err
		}
		if !exists {
			db.ExecContext(cmd.Context(), `INSERT INTO users (name) VALUES ($1)`, name)
		}
	}
	return nil
}

// The serve command: setup before serving is startup code, the handler it
// registers is not.
func serve(cmd *cobra.Command, args []string) error {
	if err := ensureAdmin(cmd.Context()); err != nil {
		return err
	}
	ensureTenant(cmd.Context(), "default")
	http.HandleFunc("/signup", signup)
	http.HandleFunc("/tenant", tenantHandler)
	http.HandleFunc("/inline", func(w http.ResponseWriter, r *http.Request) {
		key := r.FormValue("key")
		var exists bool
		if err := db.QueryRowContext(r.Context(), `SELECT EXISTS(SELECT 1 FROM payments WHERE key = $1)`, key).Scan(&exists); err != nil { // want `check-then-act race`
			return
		}
		if !exists {
			db.ExecContext(r.Context(), `INSERT INTO payments (key) VALUES ($1)`, key)
		}
	})
	jobs := make(chan string)
	go worker(cmd.Context(), jobs)
	return http.ListenAndServe(":8080", nil)
}

// A command declared as a package-level variable (initialised by the
// package's own init): still a one-shot command.
var cmdSeed = &cobra.Command{Use: "seed", RunE: seedPlans}

func seedPlans(cmd *cobra.Command, args []string) error {
	for _, name := range args {
		var exists bool
		if err := db.QueryRowContext(cmd.Context(), `SELECT EXISTS(SELECT 1 FROM plans WHERE name = $1)`, name).Scan(&exists); err != nil {
			return err
		}
		if !exists {
			db.ExecContext(cmd.Context(), `INSERT INTO plans (name) VALUES ($1)`, name)
		}
	}
	return nil
}

func main() {
	root := &cobra.Command{Use: "svc"}
	root.AddCommand(
		&cobra.Command{Use: "import", RunE: importUsers},
		&cobra.Command{Use: "serve", RunE: serve},
		cmdSeed,
	)
	root.Execute()
}

// The program's own store runs a command's work in a transaction: the
// closure runs at once, inside the one-shot command.
type Store interface {
	WithTx(fn func(tx Store) error) error
	OnEvent(fn func(tx Store, team string) error)
}

var store Store

func defaultTeamCmd(cmd *cobra.Command, args []string) error {
	return store.WithTx(func(Store) error {
		return ensureDefaultTeam(cmd.Context())
	})
}

func ensureDefaultTeam(ctx context.Context) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM teams WHERE name = 'default')`).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO teams (name) VALUES ('default')`)
		return err
	}
	return nil
}

// Near miss: the command registers the closure for every later event; it
// runs once per event, concurrently with itself.
func watchCmd(cmd *cobra.Command, args []string) error {
	store.OnEvent(func(_ Store, team string) error {
		return ensureTeam(cmd.Context(), team)
	})
	return nil
}

func ensureTeam(ctx context.Context, team string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM teams WHERE name = $1)`, team).Scan(&exists); err != nil { // want `check-then-act race`
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO teams (name) VALUES ($1)`, team)
		return err
	}
	return nil
}

var cmdTeams = []*cobra.Command{{Use: "default-team", RunE: defaultTeamCmd}, {Use: "watch", RunE: watchCmd}}
