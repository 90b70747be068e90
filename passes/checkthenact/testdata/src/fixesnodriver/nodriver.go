// Package fixesnodriver uses ? placeholders and imports no driver: the
// SQL dialect is unknown, so no fix is offered.
package fixesnodriver

import (
	"context"
	"database/sql"
)

// No fix: ? placeholders and no driver in sight; the dialect is unknown.
func unknownDialect(ctx context.Context, db *sql.DB, key string) error {
	var n int
	db.QueryRowContext(ctx, `SELECT count(*) FROM orders WHERE key = ?`, key).Scan(&n) // want `check-then-act race`
	if n == 0 {
		_, err := db.ExecContext(ctx, `INSERT INTO orders (key) VALUES (?)`, key)
		return err
	}
	return nil
}
