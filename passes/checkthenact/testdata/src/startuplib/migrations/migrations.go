// Package migrations is startup code by its role: it runs once, before
// the service serves.
package migrations

import (
	"context"
	"database/sql"
)

func Apply(ctx context.Context, db *sql.DB) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM plans WHERE name = 'legacy')`).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO plans (name) VALUES ('legacy')`)
		return err
	}
	return nil
}
