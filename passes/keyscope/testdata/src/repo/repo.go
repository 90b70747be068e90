// Package repo looks idempotency keys up for its callers; it has no owner
// of its own.
package repo

import (
	"context"
	"database/sql"
)

type Keys struct{ db *sql.DB }

// GetByKey finds a key's stored response by the key alone.
func (k *Keys) GetByKey(ctx context.Context, key string) ([]byte, error) { // want GetByKey:"looks up idempotency_keys.idempotency_key unscoped"
	var body []byte
	err := k.db.QueryRowContext(ctx, `SELECT response FROM idempotency_keys WHERE idempotency_key = $1`, key).Scan(&body)
	return body, err
}

// GetScoped finds it by the owner and the key.
func (k *Keys) GetScoped(ctx context.Context, scope, key string) ([]byte, error) {
	var body []byte
	err := k.db.QueryRowContext(ctx, `SELECT response FROM idempotency_keys WHERE scope = $1 AND idempotency_key = $2`, scope, key).Scan(&body)
	return body, err
}
