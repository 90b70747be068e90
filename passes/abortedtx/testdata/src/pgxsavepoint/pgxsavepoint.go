// Package pgxsavepoint holds failures that a savepoint wraps inside a
// helper, beside the same helpers without one.
package pgxsavepoint

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// insertInSavepoint runs the insert in a pgx nested transaction (a
// savepoint), rolled back by the deferred Rollback when it fails.
func insertInSavepoint(ctx context.Context, tx pgx.Tx, key string) error {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return err
	}
	defer sp.Rollback(ctx)
	if _, err := sp.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		return err
	}
	return sp.Commit(ctx)
}

// Near miss: the helper's failure was wrapped by a savepoint it rolled
// back before returning.
func ViaSavepointHelper(ctx context.Context, tx pgx.Tx, key string) (id int64, err error) {
	if err := insertInSavepoint(ctx, tx, key); err != nil {
		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
		return id, err
	}
	return 0, nil
}

// insertPlain runs the insert on the caller's transaction itself.
func insertPlain(ctx context.Context, tx pgx.Tx, key string) error {
	_, err := tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key)
	return err
}

// The same shape without the savepoint aborts the caller's transaction.
func ViaPlainHelper(ctx context.Context, tx pgx.Tx, key string) (id int64, err error) {
	if err := insertPlain(ctx, tx, key); err != nil {
		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id) // want `statement on a transaction that the failed statement at line 43 aborted`
		return id, err
	}
	return 0, nil
}

// insertWithSQLSavepoint wraps the insert in SAVEPOINT and ROLLBACK TO
// SAVEPOINT by hand.
func insertWithSQLSavepoint(ctx context.Context, tx pgx.Tx, key string) error { // want insertWithSQLSavepoint:"recovers"
	if _, err := tx.Exec(ctx, `SAVEPOINT ins`); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		if _, rbErr := tx.Exec(ctx, `ROLLBACK TO SAVEPOINT ins`); rbErr != nil {
			return rbErr
		}
		return err
	}
	_, err := tx.Exec(ctx, `RELEASE SAVEPOINT ins`)
	return err
}

// Near miss: the helper rolled back to its savepoint before returning
// the insert's error.
func ViaSQLSavepointHelper(ctx context.Context, tx pgx.Tx, key string) (id int64, err error) {
	if err := insertWithSQLSavepoint(ctx, tx, key); err != nil {
		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
		return id, err
	}
	return 0, nil
}
