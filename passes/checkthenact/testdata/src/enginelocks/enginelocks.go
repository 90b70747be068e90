// Package enginelocks runs an engine cycle in a transaction that a
// helper begins and locks before handing it back (goalert's
// processinglock.BeginTx).
package enginelocks

import (
	"context"
	"database/sql"
)

type Lock struct{ db *sql.DB }

// BeginTx begins the cycle's transaction and takes the engine's lock in
// it: a second cycle waits until the first commits.
func (l *Lock) BeginTx(ctx context.Context) (*sql.Tx, error) {
	tx, err := l.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(42)`); err != nil {
		_ = tx.Rollback()
		return nil, err
	}
	return tx, nil
}

// beginPlain begins the transaction and takes no lock.
func beginPlain(ctx context.Context, db *sql.DB) (*sql.Tx, error) {
	return db.BeginTx(ctx, nil)
}

type Engine struct {
	db   *sql.DB
	lock *Lock
}

// Near miss: the state is read after the lock the helper took.
func (e *Engine) cycle(ctx context.Context) error {
	tx, err := e.lock.BeginTx(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var migrated bool
	if err := tx.QueryRowContext(ctx, `SELECT migrated FROM engine_state WHERE id = 1`).Scan(&migrated); err != nil {
		return err
	}
	if !migrated {
		if _, err := tx.ExecContext(ctx, `INSERT INTO notices (body) VALUES ('data migrated')`); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE engine_state SET migrated = true WHERE id = 1`); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// The same cycle on a transaction begun without the lock: two cycles
// both read migrated = false and both post the notice.
func (e *Engine) cycleUnlocked(ctx context.Context) error {
	tx, err := beginPlain(ctx, e.db)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var migrated bool
	if err := tx.QueryRowContext(ctx, `SELECT migrated FROM engine_state WHERE id = 1`).Scan(&migrated); err != nil { // want `status-gate race`
		return err
	}
	if !migrated {
		if _, err := tx.ExecContext(ctx, `INSERT INTO notices (body) VALUES ('data migrated')`); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE engine_state SET migrated = true WHERE id = 1`); err != nil {
			return err
		}
	}
	return tx.Commit()
}
