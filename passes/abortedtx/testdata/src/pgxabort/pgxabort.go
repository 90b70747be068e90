// Package pgxabort holds pgx handlers that keep using a transaction after
// a statement on it failed.
package pgxabort

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

func isUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

// DuplicateThenSelect reads the existing row on the aborted transaction.
func DuplicateThenSelect(ctx context.Context, tx pgx.Tx, key string) (id int64, err error) {
	_, err = tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key)
	if isUniqueViolation(err) {
		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id) // want `statement on a transaction that the failed statement at line 23 aborted`
		return id, err
	}
	if err != nil {
		return 0, err
	}
	return 0, nil
}

// DuplicateThenSelectPool is the near miss: the existing row is read
// through the pool, outside the aborted transaction.
func DuplicateThenSelectPool(ctx context.Context, pool *pgxpool.Pool, tx pgx.Tx, key string) (id int64, err error) {
	_, err = tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key)
	if isUniqueViolation(err) {
		err = pool.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
		return id, err
	}
	return 0, err
}

// AsPgError continues on the tx in the branch of errors.As.
func AsPgError(ctx context.Context, tx pgx.Tx, key string) error {
	if _, err := tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		var pgErr *pgconn.PgError
		if errors.As(err, &pgErr) && pgErr.Code == "23505" {
			_, err = tx.Exec(ctx, `UPDATE payments SET seen = seen + 1 WHERE key = $1`, key) // want `statement on a transaction that the failed statement at line 47 aborted`
			return err
		}
		return err
	}
	return nil
}

// ReturnAtOnce is the near miss: the error ends the function.
func ReturnAtOnce(ctx context.Context, tx pgx.Tx, key string) error {
	if _, err := tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE accounts SET n = n + 1`)
	return err
}

// OnConflict is the near miss: a duplicate is no error.
func OnConflict(ctx context.Context, tx pgx.Tx, key string) (id int64, err error) {
	tag, err := tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1) ON CONFLICT DO NOTHING`, key)
	if err != nil {
		return 0, err
	}
	if tag.RowsAffected() == 0 {
		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
	}
	return id, err
}

// NestedTx is the near miss: the insert runs in a savepoint, rolled back
// on failure.
func NestedTx(ctx context.Context, tx pgx.Tx, key string) (id int64, err error) {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return 0, err
	}
	if _, err := sp.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		sp.Rollback(ctx)
		if isUniqueViolation(err) {
			err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
		}
		return id, err
	}
	return 0, sp.Commit(ctx)
}

// NestedTxNoRollback keeps using the savepoint's own tx after it failed.
func NestedTxNoRollback(ctx context.Context, tx pgx.Tx, key string) error {
	sp, err := tx.Begin(ctx)
	if err != nil {
		return err
	}
	if _, err := sp.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		log.Print(err)
	}
	return sp.Commit(ctx) // want `commit on a transaction that the failed statement at line 102 aborted`
}

// SQLSavepoint is the near miss: ROLLBACK TO SAVEPOINT ends the aborted state.
func SQLSavepoint(ctx context.Context, tx pgx.Tx, key string) (id int64, err error) { // want SQLSavepoint:"recovers"
	if _, err := tx.Exec(ctx, `SAVEPOINT claim`); err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		if _, rbErr := tx.Exec(ctx, `ROLLBACK TO SAVEPOINT claim`); rbErr != nil {
			return 0, rbErr
		}
		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
		return id, err
	}
	return 0, nil
}

// FormattedSavepoint is the near miss with a savepoint name built by Sprintf.
func FormattedSavepoint(ctx context.Context, tx pgx.Tx, name, key string) (id int64, err error) { // want FormattedSavepoint:"recovers"
	if _, err := tx.Exec(ctx, fmt.Sprintf("SAVEPOINT %s", name)); err != nil {
		return 0, err
	}
	if _, err := tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key); err != nil {
		if _, rbErr := tx.Exec(ctx, fmt.Sprintf("ROLLBACK TO SAVEPOINT %s", name)); rbErr != nil {
			return 0, rbErr
		}
		err = tx.QueryRow(ctx, `SELECT id FROM payments WHERE key = $1`, key).Scan(&id)
		return id, err
	}
	return 0, nil
}

// InBeginFunc is the dedup shape inside pgx.BeginFunc.
func InBeginFunc(ctx context.Context, pool *pgxpool.Pool, key string) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key)
		if err != nil {
			var n int
			return tx.QueryRow(ctx, `SELECT count(*) FROM payments WHERE key = $1`, key).Scan(&n) // want `statement on a transaction that the failed statement at line 141 aborted`
		}
		return nil
	})
}

// BatchImport logs a failed insert and keeps inserting.
func BatchImport(ctx context.Context, pool *pgxpool.Pool, keys []string) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	for _, k := range keys {
		if _, err := tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, k); err != nil { // want `statement on a transaction that its own failure in an earlier iteration aborted`
			log.Printf("skipping %s: %v", k, err)
			continue
		}
	}
	return tx.Commit(ctx)
}

// BatchPerItem is the near miss: one transaction per item.
func BatchPerItem(ctx context.Context, pool *pgxpool.Pool, keys []string) error {
	for _, k := range keys {
		tx, err := pool.Begin(ctx)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, k); err != nil {
			log.Printf("skipping %s: %v", k, err)
			tx.Rollback(ctx)
			continue
		}
		if err := tx.Commit(ctx); err != nil {
			return err
		}
	}
	return nil
}

// insertKey runs a statement on its caller's transaction and returns its error.
func insertKey(ctx context.Context, tx pgx.Tx, key string) error {
	_, err := tx.Exec(ctx, `INSERT INTO payments (key) VALUES ($1)`, key)
	return err
}

// ThroughHelper keeps using the tx after the helper's statement failed.
func ThroughHelper(ctx context.Context, tx pgx.Tx, key string) error {
	if err := insertKey(ctx, tx, key); err != nil {
		if !isUniqueViolation(err) {
			return err
		}
	}
	_, err := tx.Exec(ctx, `UPDATE accounts SET n = n + 1`) // want `statement on a transaction that the failed statement at line 193 aborted`
	return err
}
