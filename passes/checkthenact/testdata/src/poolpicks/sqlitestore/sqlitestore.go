// Package sqlitestore is the SQLite dialect of the key store. SQLite has
// one writer: of two transactions that read the same key and delete it,
// the second gets SQLITE_BUSY, not the key.
package sqlitestore

import (
	"context"
	"database/sql"
)

// Near miss: the same claim as poolpicks.claimOneTimeKey, on SQLite.
func claimOneTimeKey(ctx context.Context, tx *sql.Tx, userID, deviceID string) (string, error) {
	var keyID, keyJSON string
	err := tx.QueryRowContext(ctx, `SELECT key_id, key_json FROM one_time_keys WHERE user_id = $1 AND device_id = $2 LIMIT 1`, userID, deviceID).Scan(&keyID, &keyJSON)
	if err != nil {
		return "", err
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM one_time_keys WHERE key_id = $1`, keyID)
	return keyJSON, err
}
