// Package initialize is startup code by its role, as a bootstrap package
// is: it sets the program up (its tables, its seed rows, its routes)
// before the service serves (gin-vue-admin's server/initialize).
package initialize

import (
	"context"
	"database/sql"
)

func SeedMenus(ctx context.Context, db *sql.DB) error {
	var exists bool
	if err := db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM menus WHERE name = 'logs')`).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err := db.ExecContext(ctx, `INSERT INTO menus (name) VALUES ('logs')`)
		return err
	}
	return nil
}
