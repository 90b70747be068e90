// Package sqlabort uses database/sql with no driver in sight: PostgreSQL
// is assumed.
package sqlabort

import (
	"context"
	"database/sql"
	"log"
)

func DuplicateThenSelect(ctx context.Context, tx *sql.Tx, key string) (id int64, err error) {
	if _, err := tx.ExecContext(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		err = tx.QueryRowContext(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id) // want `statement on a transaction that the failed statement at line 12 aborted`
		return id, err
	}
	return 0, nil
}

func RollbackFirst(ctx context.Context, db *sql.DB, tx *sql.Tx, key string) (id int64, err error) {
	if _, err := tx.ExecContext(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		tx.Rollback()
		err = db.QueryRowContext(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
		return id, err
	}
	return 0, tx.Commit()
}

func CommitAfterLoggedFailure(ctx context.Context, db *sql.DB, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET n = n + 1 WHERE key = $1`, key); err != nil {
		log.Print(err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO audit (key) VALUES ($1)`, key); err != nil { // want `statement on a transaction that the failed statement at line 33 aborted`
		return err
	}
	return tx.Commit()
}

func IgnoredError(ctx context.Context, db *sql.DB, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, `UPDATE accounts SET n = n + 1 WHERE key = $1`, key)
	return tx.Commit()
}
