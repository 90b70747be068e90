package pgstore

import (
	"context"

	"github.com/jackc/pgx/v5"

	"example.com/shop3/internal/domain"
)

// APIKeyRepo: a tenant's plan allows tenants.max_api_keys keys.
type APIKeyRepo struct{ *Store }

func (r APIKeyRepo) CountActive(ctx context.Context, tenantID int64) (int, error) {
	var n int
	err := r.pool.QueryRow(ctx,
		`SELECT count(*) FROM api_keys WHERE tenant_id = $1 AND revoked_at IS NULL`, tenantID).Scan(&n)
	return n, err
}

func (r APIKeyRepo) Insert(ctx context.Context, tenantID int64, name, hash string) (int64, error) {
	var id int64
	err := r.pool.QueryRow(ctx,
		`INSERT INTO api_keys (tenant_id, name, hash) VALUES ($1, $2, $3) RETURNING id`,
		tenantID, name, hash).Scan(&id)
	return id, translate(err)
}

// CreateWithinLimit creates a key while the tenant row is locked, so that
// the count and the insert see no concurrent creation for the tenant.
func (r APIKeyRepo) CreateWithinLimit(ctx context.Context, tenantID int64, name, hash string) (int64, error) {
	var id int64
	err := r.inTx(ctx, func(tx pgx.Tx) error {
		var max int
		if err := tx.QueryRow(ctx,
			`SELECT max_api_keys FROM tenants WHERE id = $1 FOR UPDATE`, tenantID).Scan(&max); err != nil {
			return translate(err)
		}
		var n int
		if err := tx.QueryRow(ctx,
			`SELECT count(*) FROM api_keys WHERE tenant_id = $1 AND revoked_at IS NULL`, tenantID).Scan(&n); err != nil {
			return err
		}
		if n >= max {
			return domain.ErrQuotaExceeded
		}
		return tx.QueryRow(ctx,
			`INSERT INTO api_keys (tenant_id, name, hash) VALUES ($1, $2, $3) RETURNING id`,
			tenantID, name, hash).Scan(&id)
	})
	return id, err
}

func (r APIKeyRepo) PlanLimit(ctx context.Context, tenantID int64) (int, error) {
	var max int
	err := r.pool.QueryRow(ctx, `SELECT max_api_keys FROM tenants WHERE id = $1`, tenantID).Scan(&max)
	return max, translate(err)
}
