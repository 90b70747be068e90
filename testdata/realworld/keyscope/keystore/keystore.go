// Package keystore is a repository of idempotency keys used by package
// keyscope: the unscoped lookup is reported at its callers that have an
// owner in scope, through facts.
package keystore

import (
	"context"
	"database/sql"
)

type Store struct{ db *sql.DB }

// Lookup finds the stored response by the key alone.
func (s *Store) Lookup(ctx context.Context, key string) ([]byte, error) {
	var body []byte
	err := s.db.QueryRowContext(ctx, `SELECT response FROM idempotency_keys WHERE key = $1`, key).Scan(&body)
	return body, err
}

// LookupScoped finds it by tenant and key.
func (s *Store) LookupScoped(ctx context.Context, tenantID, key string) ([]byte, error) {
	var body []byte
	err := s.db.QueryRowContext(ctx, `SELECT response FROM idempotency_keys WHERE tenant_id = $1 AND key = $2`, tenantID, key).Scan(&body)
	return body, err
}
