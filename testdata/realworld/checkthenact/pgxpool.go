package checkthenact

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// StartTrial grants a trial when the user has none yet; two clicks grant
// two trials.
func StartTrial(ctx context.Context, pool *pgxpool.Pool, userID int64, plan string) error {
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM trials WHERE user_id = $1`, userID).Scan(&n); err != nil { // want:checkthenact
		return err
	}
	if n > 0 {
		return ErrDuplicate
	}
	_, err := pool.Exec(ctx, `INSERT INTO trials (user_id, plan) VALUES ($1, $2)`, userID, plan)
	return err
}

// StartTrialUniqueViolation inserts under a unique index on user_id and
// maps the violation to the duplicate outcome.
func StartTrialUniqueViolation(ctx context.Context, pool *pgxpool.Pool, userID int64, plan string) error {
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM trials WHERE user_id = $1`, userID).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return ErrDuplicate
	}
	_, err := pool.Exec(ctx, `INSERT INTO trials (user_id, plan) VALUES ($1, $2)`, userID, plan)
	if pgErr, ok := errors.AsType[*pgconn.PgError](err); ok && pgErr.Code == "23505" {
		return ErrDuplicate
	}
	return err
}

// StartTrialOnConflict inserts atomically and learns from the affected
// row count whether it won.
func StartTrialOnConflict(ctx context.Context, pool *pgxpool.Pool, userID int64, plan string) error {
	var n int
	if err := pool.QueryRow(ctx, `SELECT count(*) FROM trials WHERE user_id = $1`, userID).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return ErrDuplicate
	}
	tag, err := pool.Exec(ctx, `INSERT INTO trials (user_id, plan) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, userID, plan)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrDuplicate
	}
	return nil
}
