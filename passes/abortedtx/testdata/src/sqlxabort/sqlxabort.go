// Package sqlxabort holds sqlx handlers.
package sqlxabort

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// Claim reads the existing key on the aborted transaction.
func Claim(ctx context.Context, db *sqlx.DB, key string) (id int64, err error) {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	if _, err := tx.NamedExecContext(ctx, `INSERT INTO keys (key) VALUES (:key)`, map[string]any{"key": key}); err != nil {
		err = tx.GetContext(ctx, &id, `SELECT id FROM keys WHERE key = $1`, key) // want `statement on a transaction that the failed statement at line 17 aborted`
		return id, err
	}
	return 0, tx.Commit()
}

// ClaimViaDB is the near miss: the existing key is read through the db.
func ClaimViaDB(ctx context.Context, db *sqlx.DB, key string) (id int64, err error) {
	tx, err := db.BeginTxx(ctx, nil)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	if _, err := tx.NamedExecContext(ctx, `INSERT INTO keys (key) VALUES (:key)`, map[string]any{"key": key}); err != nil {
		err = db.GetContext(ctx, &id, `SELECT id FROM keys WHERE key = $1`, key)
		return id, err
	}
	return 0, tx.Commit()
}
