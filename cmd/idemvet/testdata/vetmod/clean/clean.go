// Package clean has nothing to report.
package clean

import (
	"context"
	"database/sql"
)

// Charge lets the database pick the winner.
func Charge(ctx context.Context, db *sql.DB, key string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO payments (key) VALUES ($1) ON CONFLICT DO NOTHING`, key)
	return err
}
