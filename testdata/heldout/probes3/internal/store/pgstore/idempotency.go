package pgstore

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"example.com/shop3/internal/domain"
)

// KeyRepo stores idempotency keys and the responses given for them;
// idempotency_keys has PRIMARY KEY (tenant_id, key).
type KeyRepo struct{ *Store }

// Response returns the response stored under key.
func (r KeyRepo) Response(ctx context.Context, key string) (domain.StoredResponse, bool, error) {
	var resp domain.StoredResponse
	err := r.pool.QueryRow(ctx,
		`SELECT status, body FROM idempotency_keys WHERE key = $1 AND status IS NOT NULL LIMIT 1`, key).
		Scan(&resp.Status, &resp.Body)
	if errors.Is(err, pgx.ErrNoRows) {
		return resp, false, nil
	}
	return resp, err == nil, err
}

// ResponseFor returns the response the tenant was given for key.
func (r KeyRepo) ResponseFor(ctx context.Context, tenantID int64, key string) (domain.StoredResponse, bool, error) {
	var resp domain.StoredResponse
	err := r.pool.QueryRow(ctx,
		`SELECT status, body FROM idempotency_keys WHERE tenant_id = $1 AND key = $2 AND status IS NOT NULL`,
		tenantID, key).Scan(&resp.Status, &resp.Body)
	if errors.Is(err, pgx.ErrNoRows) {
		return resp, false, nil
	}
	return resp, err == nil, err
}

func (r KeyRepo) Save(ctx context.Context, tenantID int64, key string, resp domain.StoredResponse) error {
	_, err := r.pool.Exec(ctx, `
		INSERT INTO idempotency_keys (tenant_id, key, status, body) VALUES ($1, $2, $3, $4)
		ON CONFLICT (tenant_id, key) DO UPDATE SET status = EXCLUDED.status, body = EXCLUDED.body`,
		tenantID, key, resp.Status, resp.Body)
	return err
}

// Claim takes the key for the tenant and reports whether it was free.
func (r KeyRepo) Claim(ctx context.Context, tenantID int64, key string) (bool, error) {
	ct, err := r.pool.Exec(ctx,
		`INSERT INTO idempotency_keys (tenant_id, key) VALUES ($1, $2) ON CONFLICT DO NOTHING`, tenantID, key)
	if err != nil {
		return false, err
	}
	return ct.RowsAffected() == 1, nil
}

// CreateOrder inserts the order with its items in one transaction.
func (r KeyRepo) CreateOrder(ctx context.Context, o *domain.Order, skus []string) error {
	return r.inTx(ctx, func(tx pgx.Tx) error {
		return insertOrderTx(ctx, tx, o, skus)
	})
}

// CreateOrderOnce claims the key and inserts the order in one transaction;
// it returns ErrDuplicate when the key was claimed before.
func (r KeyRepo) CreateOrderOnce(ctx context.Context, key string, o *domain.Order, skus []string) error {
	return r.inTx(ctx, func(tx pgx.Tx) error {
		ct, err := tx.Exec(ctx,
			`INSERT INTO idempotency_keys (tenant_id, key) VALUES ($1, $2) ON CONFLICT DO NOTHING`, o.TenantID, key)
		if err != nil {
			return err
		}
		if ct.RowsAffected() == 0 {
			return domain.ErrDuplicate
		}
		return insertOrderTx(ctx, tx, o, skus)
	})
}

func insertOrderTx(ctx context.Context, tx pgx.Tx, o *domain.Order, skus []string) error {
	if err := tx.QueryRow(ctx, `
		INSERT INTO orders (tenant_id, user_id, status, total_cents, currency)
		VALUES ($1, $2, 'pending', $3, $4) RETURNING id`,
		o.TenantID, o.UserID, o.TotalCents, o.Currency).Scan(&o.ID); err != nil {
		return err
	}
	for _, sku := range skus {
		if _, err := tx.Exec(ctx, `INSERT INTO order_items (order_id, sku) VALUES ($1, $2)`, o.ID, sku); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE stock SET reserved = reserved + 1 WHERE sku = $1`, sku); err != nil {
			return err
		}
	}
	return nil
}
