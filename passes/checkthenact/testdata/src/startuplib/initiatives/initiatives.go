// Package initiatives serves requests: its name starts like initialize's
// but says nothing about setting the program up.
package initiatives

import (
	"context"
	"database/sql"
)

func Launch(ctx context.Context, db *sql.DB, name string) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM initiatives WHERE name = $1)`, name).Scan(&exists); err != nil { // want `check-then-act race`
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO initiatives (name) VALUES ($1)`, name)
		return err
	}
	return nil
}
