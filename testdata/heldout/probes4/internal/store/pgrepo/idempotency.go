package pgrepo

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop4/internal/domain"
)

type Idempotency struct{ pool *pgxpool.Pool }

func NewIdempotency(pool *pgxpool.Pool) *Idempotency { return &Idempotency{pool: pool} }

func (r *Idempotency) Lookup(ctx context.Context, userID int64, key string) (domain.IdempotencyRecord, bool, error) {
	rec := domain.IdempotencyRecord{UserID: userID, Key: key}
	err := r.pool.QueryRow(ctx,
		`SELECT request_hash, state, coalesce(status_code, 0), coalesce(body, ''::bytea), created_at
		   FROM idempotency_keys WHERE user_id = $1 AND key = $2`, userID, key).
		Scan(&rec.RequestHash, &rec.State, &rec.StatusCode, &rec.Body, &rec.CreatedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return rec, false, nil
	}
	return rec, err == nil, err
}

func (r *Idempotency) Save(ctx context.Context, rec domain.IdempotencyRecord) error {
	_, err := r.pool.Exec(ctx,
		`INSERT INTO idempotency_keys (user_id, key, request_hash, state, status_code, body)
		 VALUES ($1, $2, $3, 'done', $4, $5)
		 ON CONFLICT (user_id, key) DO UPDATE SET state = 'done', status_code = EXCLUDED.status_code, body = EXCLUDED.body`,
		rec.UserID, rec.Key, rec.RequestHash, rec.StatusCode, rec.Body)
	return err
}

func (r *Idempotency) Claim(ctx context.Context, userID int64, key, requestHash string) (bool, error) {
	tag, err := r.pool.Exec(ctx,
		`INSERT INTO idempotency_keys (user_id, key, request_hash, state)
		 VALUES ($1, $2, $3, 'in_progress')
		 ON CONFLICT (user_id, key) DO NOTHING`, userID, key, requestHash)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *Idempotency) Complete(ctx context.Context, userID int64, key string, status int, body []byte) error {
	_, err := r.pool.Exec(ctx,
		`UPDATE idempotency_keys SET state = 'done', status_code = $3, body = $4 WHERE user_id = $1 AND key = $2`,
		userID, key, status, body)
	return err
}

func (r *Idempotency) Release(ctx context.Context, userID int64, key string) error {
	_, err := r.pool.Exec(ctx,
		`DELETE FROM idempotency_keys WHERE user_id = $1 AND key = $2 AND state = 'in_progress'`, userID, key)
	return err
}
