package pgrepo

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

type Keys struct{ pool *pgxpool.Pool }

func NewKeys(pool *pgxpool.Pool) *Keys { return &Keys{pool: pool} }

func (r *Keys) CountActive(ctx context.Context, userID int64) (int, error) {
	var n int
	err := r.pool.QueryRow(ctx,
		`SELECT count(*) FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL`, userID).Scan(&n)
	return n, err
}

func (r *Keys) Insert(ctx context.Context, k *domain.APIKey) error {
	err := r.pool.QueryRow(ctx,
		`INSERT INTO api_keys (user_id, prefix, hash, label) VALUES ($1, $2, $3, $4) RETURNING id, created_at`,
		k.UserID, k.Prefix, k.Hash, k.Label).Scan(&k.ID, &k.CreatedAt)
	return mapErr(err)
}

func (r *Keys) AddEndpointWithinLimit(ctx context.Context, ep *domain.WebhookEndpoint, limit int) error {
	return pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, qLockUser, ep.UserID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM webhook_endpoints WHERE user_id = $1`, ep.UserID).Scan(&n); err != nil {
			return err
		}
		if n >= limit {
			return fmt.Errorf("webhook endpoints: %w", store.ErrLimitReached)
		}
		return tx.QueryRow(ctx,
			`INSERT INTO webhook_endpoints (user_id, url, secret) VALUES ($1, $2, $3) RETURNING id`,
			ep.UserID, ep.URL, ep.Secret).Scan(&ep.ID)
	})
}
