package pgxsavepoint

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5"
)

// A pgx nested transaction (a savepoint) rolled back on error: the
// caller's transaction is live again for the read.
func NestedRolledBack(ctx context.Context, tx pgx.Tx, key string) (id int64, err error) {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return 0, err
	}
	if _, err := sp.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		if rbErr := sp.Rollback(ctx); rbErr != nil {
			return 0, rbErr
		}
		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
		return id, err
	}
	return 0, sp.Commit(ctx)
}

// Near miss: the failure inside the savepoint, read on the outer
// transaction before the savepoint is rolled back: still aborted.
func NestedNotRolledBack(ctx context.Context, tx pgx.Tx, key string) (id int64, err error) {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer sp.Rollback(ctx)
	if _, err := sp.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id) // want `statement on a transaction that the failed statement at line 35 aborted`
		return id, err
	}
	return 0, sp.Commit(ctx)
}

// SAVEPOINT and ROLLBACK TO SAVEPOINT by hand around the insert.
func SQLSavepointInline(ctx context.Context, tx pgx.Tx, key string) (id int64, err error) { // want SQLSavepointInline:"recovers"
	if _, err := tx.Exec(ctx, `SAVEPOINT ins`); err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		if _, err := tx.Exec(ctx, `ROLLBACK TO SAVEPOINT ins`); err != nil {
			return 0, err
		}
		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
		return id, err
	}
	return 0, nil
}

// The same with database/sql.
func SQLSavepointDatabaseSQL(ctx context.Context, tx *sql.Tx, key string) (id int64, err error) { // want SQLSavepointDatabaseSQL:"recovers"
	if _, err := tx.ExecContext(ctx, `SAVEPOINT ins`); err != nil {
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		if _, err := tx.ExecContext(ctx, `ROLLBACK TO SAVEPOINT ins`); err != nil {
			return 0, err
		}
		err = tx.QueryRowContext(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
		return id, err
	}
	return 0, nil
}

// Near miss: the same insert and read with no savepoint around the
// insert.
func FailureOutsideSavepoint(ctx context.Context, tx pgx.Tx, key string) (id int64, err error) {
	if _, err := tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id) // want `statement on a transaction that the failed statement at line 75 aborted`
		return id, err
	}
	return 0, nil
}

// A savepoint whose rollback a helper runs.
func rollbackTo(ctx context.Context, tx pgx.Tx, name string) error { // want rollbackTo:"rollsBackTo"
	_, err := tx.Exec(ctx, `ROLLBACK TO SAVEPOINT `+name)
	return err
}

func SavepointHelperRollback(ctx context.Context, tx pgx.Tx, key string) (id int64, err error) { // want SavepointHelperRollback:"recovers"
	if _, err := tx.Exec(ctx, `SAVEPOINT ins`); err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		if err := rollbackTo(ctx, tx, "ins"); err != nil {
			return 0, err
		}
		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
		return id, err
	}
	return 0, nil
}

// pgx.BeginFunc on the transaction: a savepoint rolled back when the
// function fails.
func BeginFuncSavepoint(ctx context.Context, tx pgx.Tx, key string) (id int64, err error) {
	err = pgx.BeginFunc(ctx, tx, func(sp pgx.Tx) error {
		_, err := sp.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key)
		return err
	})
	if err != nil {
		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
		return id, err
	}
	return 0, nil
}
