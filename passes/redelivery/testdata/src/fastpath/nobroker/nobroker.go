// Package nobroker writes relative updates but imports no broker: the
// fast path skips it.
package nobroker // want "skipped"

import (
	"context"
	"database/sql"
)

func Credit(ctx context.Context, db *sql.DB, id string, amount int64) error {
	_, err := db.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, amount, id)
	return err
}
