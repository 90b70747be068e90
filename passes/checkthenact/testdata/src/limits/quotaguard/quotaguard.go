// Package quotaguard keeps an organisation under its API key quota: its
// exported guard counts the keys and refuses at the quota, for callers in
// other packages.
package quotaguard

import (
	"context"
	"database/sql"
	"errors"
)

var ErrQuota = errors.New("API key quota reached")

// EnsureUnderQuota refuses when the organisation has max keys or more.
func EnsureUnderQuota(ctx context.Context, tx *sql.Tx, orgID string, max int) error { // want EnsureUnderQuota:`countguard\(limit apikey: EnsureUnderQuota \(quotaguard.go:\d+\)\)`
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM api_keys WHERE org_id = $1`, orgID).Scan(&n); err != nil {
		return err
	}
	if n >= max {
		return ErrQuota
	}
	return nil
}

// WarnNearQuota only logs at the quota and lets every caller through: not
// a guard.
func WarnNearQuota(ctx context.Context, tx *sql.Tx, orgID string, max int) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM api_keys WHERE org_id = $1`, orgID).Scan(&n); err != nil {
		return err
	}
	if n >= max {
		println("organisation", orgID, "is at its key quota")
	}
	return nil
}
