package pgrepo

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Grants struct{ pool *pgxpool.Pool }

func NewGrants(pool *pgxpool.Pool) *Grants { return &Grants{pool: pool} }

func (r *Grants) keys(ctx context.Context, q string, userID int64) (map[string]bool, error) {
	rows, err := r.pool.Query(ctx, q, userID)
	if err != nil {
		return nil, err
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, err
	}
	out := make(map[string]bool, len(names))
	for _, n := range names {
		out[n] = true
	}
	return out, nil
}

func (r *Grants) CourseSKUs(ctx context.Context, userID int64) (map[string]bool, error) {
	return r.keys(ctx, `SELECT sku FROM course_grants WHERE user_id = $1`, userID)
}

func (r *Grants) InsertCourse(ctx context.Context, userID int64, sku string) error {
	_, err := r.pool.Exec(ctx, `INSERT INTO course_grants (user_id, sku) VALUES ($1, $2)`, userID, sku)
	return mapErr(err)
}

func (r *Grants) FeatureKeys(ctx context.Context, userID int64) (map[string]bool, error) {
	return r.keys(ctx, `SELECT feature FROM feature_grants WHERE user_id = $1`, userID)
}

func (r *Grants) InsertFeatureIfAbsent(ctx context.Context, userID int64, feature string) (bool, error) {
	var id int64
	err := r.pool.QueryRow(ctx,
		`INSERT INTO feature_grants (user_id, feature) VALUES ($1, $2)
		 ON CONFLICT (user_id, feature) DO NOTHING RETURNING id`, userID, feature).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}
