// Package mysqlabort runs on MySQL, which keeps a transaction usable after
// a failed statement: nothing here is reported.
package mysqlabort

import (
	"context"
	"database/sql"

	_ "github.com/go-sql-driver/mysql"
)

func DuplicateThenSelect(ctx context.Context, tx *sql.Tx, key string) (id int64, err error) {
	if _, err := tx.ExecContext(ctx, `INSERT INTO payments (k) VALUES (?)`, key); err != nil {
		err = tx.QueryRowContext(ctx, `SELECT id FROM payments WHERE k = ?`, key).Scan(&id)
		return id, err
	}
	return 0, nil
}
