package cycles

import (
	"context"
	"database/sql"
	"errors"

	"github.com/lib/pq"
)

func isUniqueViolation(err error) bool {
	var pqErr *pq.Error
	return errors.As(err, &pqErr) && pqErr.Code.Name() == "unique_violation"
}

// Near miss: a cycle of two helpers that each answer the clash of one
// insert and hand on another's. The tables they leave to their callers
// are a set: the summaries settle within the rounds, and nothing is cut.
func recordPair(ctx context.Context, db *sql.DB, n int) error {
	if _, err := db.ExecContext(ctx, `INSERT INTO pairs (n) VALUES ($1)`, n); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO pair_audit (n) VALUES ($1)`, n); err != nil && !isUniqueViolation(err) {
		return err
	}
	if n > 0 {
		if err := recordEcho(ctx, db, n-1); err != nil {
			return err
		}
		return recordEcho(ctx, db, n-2)
	}
	return nil
}

func recordEcho(ctx context.Context, db *sql.DB, n int) error {
	if _, err := db.ExecContext(ctx, `INSERT INTO echoes (n) VALUES ($1)`, n); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO echo_audit (n) VALUES ($1)`, n); err != nil && !isUniqueViolation(err) {
		return err
	}
	return recordPair(ctx, db, n)
}
