package repo

import (
	"context"
	"database/sql"
	"errors"

	"example.com/probes/internal/domain"
)

type IdempotencyStore struct {
	DB *sql.DB
}

// Lookup returns nil when the key was never used.
func (s *IdempotencyStore) Lookup(ctx context.Context, key string) (*domain.IdempotencyRecord, error) {
	rec := &domain.IdempotencyRecord{}
	err := s.DB.QueryRowContext(ctx,
		`SELECT key, status, response_code, response_body FROM idempotency_records WHERE key = $1`, key).
		Scan(&rec.Key, &rec.Status, &rec.ResponseCode, &rec.ResponseBody)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return rec, nil
}

// Save stores the final response under key.
func (s *IdempotencyStore) Save(ctx context.Context, rec domain.IdempotencyRecord) error {
	_, err := s.DB.ExecContext(ctx,
		`INSERT INTO idempotency_records (key, status, response_code, response_body) VALUES ($1, $2, $3, $4)`,
		rec.Key, rec.Status, rec.ResponseCode, rec.ResponseBody)
	if isUniqueViolation(err) {
		return domain.ErrDuplicate
	}
	return err
}

// Reserve inserts a started record; false if the key exists.
func (s *IdempotencyStore) Reserve(ctx context.Context, key string) (bool, error) {
	res, err := s.DB.ExecContext(ctx,
		`INSERT INTO idempotency_records (key, status) VALUES ($1, 'started') ON CONFLICT (key) DO NOTHING`, key)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *IdempotencyStore) Finish(ctx context.Context, key string, code int, body []byte) error {
	_, err := s.DB.ExecContext(ctx,
		`UPDATE idempotency_records SET status = 'done', response_code = $2, response_body = $3 WHERE key = $1`, key, code, body)
	return err
}

func (s *IdempotencyStore) Release(ctx context.Context, key string) error {
	_, err := s.DB.ExecContext(ctx, `DELETE FROM idempotency_records WHERE key = $1 AND status = 'started'`, key)
	return err
}

type TransferRepo struct {
	DB *sql.DB
}

func (r *TransferRepo) Insert(ctx context.Context, t *domain.Transfer) error {
	return r.DB.QueryRowContext(ctx,
		`INSERT INTO transfers (from_account, to_iban, amount, provider_ref) VALUES ($1, $2, $3, $4) RETURNING id`,
		t.FromAccount, t.ToIBAN, t.Amount, t.ProviderRef).Scan(&t.ID)
}
