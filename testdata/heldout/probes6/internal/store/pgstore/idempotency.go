package pgstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/fleet6/internal/domain"
)

type IdempotencyKeys struct{ Pool *pgxpool.Pool }

func lookupKey(ctx context.Context, q querier, merchantID int64, key string) (domain.IdempotencyRecord, error) {
	rec := domain.IdempotencyRecord{MerchantID: merchantID, Key: key}
	err := q.QueryRow(ctx,
		`SELECT status, coalesce(body, '') FROM idempotency_keys WHERE merchant_id = $1 AND key = $2`,
		merchantID, key).Scan(&rec.Status, &rec.Body)
	return rec, err
}

// Find looks a stored response up by the Idempotency-Key header value.
func (s IdempotencyKeys) Find(ctx context.Context, key string) (domain.IdempotencyRecord, bool, error) {
	rec := domain.IdempotencyRecord{Key: key}
	err := s.Pool.QueryRow(ctx,
		`SELECT merchant_id, status, coalesce(body, '') FROM idempotency_keys WHERE key = $1 AND status <> 0`,
		key).Scan(&rec.MerchantID, &rec.Status, &rec.Body)
	if errors.Is(err, pgx.ErrNoRows) {
		return rec, false, nil
	}
	if err != nil {
		return rec, false, fmt.Errorf("find idempotency key: %w", err)
	}
	return rec, true, nil
}

func (s IdempotencyKeys) FindForMerchant(ctx context.Context, merchantID int64, key string) (domain.IdempotencyRecord, bool, error) {
	rec, err := lookupKey(ctx, s.Pool, merchantID, key)
	if errors.Is(err, pgx.ErrNoRows) || (err == nil && rec.Status == 0) {
		return rec, false, nil
	}
	if err != nil {
		return rec, false, fmt.Errorf("find idempotency key: %w", err)
	}
	return rec, true, nil
}

// Claim records that a request with this key is in flight.
func (s IdempotencyKeys) Claim(ctx context.Context, merchantID int64, key string) (bool, error) {
	tag, err := s.Pool.Exec(ctx,
		`INSERT INTO idempotency_keys (merchant_id, key, status) VALUES ($1, $2, 0)
		 ON CONFLICT (merchant_id, key) DO NOTHING`, merchantID, key)
	if err != nil {
		return false, fmt.Errorf("claim idempotency key: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

func (s IdempotencyKeys) Save(ctx context.Context, rec domain.IdempotencyRecord) error {
	_, err := s.Pool.Exec(ctx,
		`UPDATE idempotency_keys SET status = $3, body = $4 WHERE merchant_id = $1 AND key = $2`,
		rec.MerchantID, rec.Key, rec.Status, rec.Body)
	if err != nil {
		return fmt.Errorf("save idempotency key: %w", err)
	}
	return nil
}
