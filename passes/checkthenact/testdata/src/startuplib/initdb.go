package startuplib

import (
	"context"
	"database/sql"
)

var bootDB *sql.DB

// InitDb is the package's own setup, which main calls before serving,
// from a package this one cannot see: its built-in rows are made once.
func InitDb() {
	ctx := context.Background()
	initBuiltInPlan(ctx, "built-in")
}

// Called only from InitDb: startup code.
func initBuiltInPlan(ctx context.Context, name string) {
	var exists bool
	if err := bootDB.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM plans WHERE name = $1)`, name).Scan(&exists); err != nil {
		panic(err)
	}
	if !exists {
		if _, err := bootDB.ExecContext(ctx, `INSERT INTO plans (name) VALUES ($1)`, name); err != nil {
			panic(err)
		}
	}
}

// Named for initialising, but it takes the caller's input: it may run
// for a request, twice at once.
func InitPlan(ctx context.Context, name string) error {
	var exists bool
	if err := bootDB.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM plans WHERE name = $1)`, name).Scan(&exists); err != nil { // want `check-then-act race`
		return err
	}
	if !exists {
		_, err := bootDB.ExecContext(ctx, `INSERT INTO plans (name) VALUES ($1)`, name)
		return err
	}
	return nil
}
