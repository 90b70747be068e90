// Package poolpicks takes one row of a pool (a one-time key, a coupon
// code, the next job) and hands it out.
package poolpicks

import (
	"context"
	"database/sql"
	"errors"
)

// claimOneTimeKey reads any of the device's keys, then deletes the one it
// read: two claimers read the same key and both get it (Dendrite's
// SelectAndDeleteOneTimeKey).
func claimOneTimeKey(ctx context.Context, tx *sql.Tx, userID, deviceID string) (map[string]string, error) {
	var keyID, keyJSON string
	err := tx.QueryRowContext(ctx, `SELECT key_id, key_json FROM one_time_keys WHERE user_id = $1 AND device_id = $2 LIMIT 1`, userID, deviceID).Scan(&keyID, &keyJSON) // want `pop race: the row read here is one of many its WHERE matches \(LIMIT 1\), and the delete of one_time_keys at line 23 takes it`
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM one_time_keys WHERE user_id = $1 AND device_id = $2 AND key_id = $3`, userID, deviceID, keyID)
	return map[string]string{"signed_curve25519:" + keyID: keyJSON}, err
}

// Near miss: the delete's rows affected decide who hands the key out.
func claimOneTimeKeyCounted(ctx context.Context, tx *sql.Tx, userID, deviceID string) (string, error) {
	var keyID, keyJSON string
	err := tx.QueryRowContext(ctx, `SELECT key_id, key_json FROM one_time_keys WHERE user_id = $1 AND device_id = $2 LIMIT 1`, userID, deviceID).Scan(&keyID, &keyJSON)
	if err != nil {
		return "", err
	}
	res, err := tx.ExecContext(ctx, `DELETE FROM one_time_keys WHERE user_id = $1 AND device_id = $2 AND key_id = $3`, userID, deviceID, keyID)
	if err != nil {
		return "", err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return "", errors.New("taken by a concurrent claim, try again")
	}
	return keyJSON, nil
}

// Near miss: the row is locked as it is read; a concurrent claimer skips it.
func claimOneTimeKeyLocked(ctx context.Context, tx *sql.Tx, userID, deviceID string) (string, error) {
	var keyID, keyJSON string
	err := tx.QueryRowContext(ctx, `SELECT key_id, key_json FROM one_time_keys WHERE user_id = $1 AND device_id = $2 LIMIT 1 FOR UPDATE SKIP LOCKED`, userID, deviceID).Scan(&keyID, &keyJSON)
	if err != nil {
		return "", err
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM one_time_keys WHERE key_id = $1`, keyID)
	return keyJSON, err
}

// assignCoupon hands out an unused code and marks it used by its key.
func assignCoupon(ctx context.Context, db *sql.DB, campaign string) (string, error) {
	var code string
	if err := db.QueryRowContext(ctx, `SELECT code FROM coupon_codes WHERE campaign = $1 AND used = false ORDER BY code LIMIT 1`, campaign).Scan(&code); err != nil { // want `pop race: the row read here is one of many its WHERE matches \(LIMIT 1\), and the update of coupon_codes at line 61 takes it`
		return "", err
	}
	if _, err := db.ExecContext(ctx, `UPDATE coupon_codes SET used = true WHERE code = $1`, code); err != nil {
		return "", err
	}
	return code, nil
}

// Near miss: the mark is the guarded transition and its rows affected
// decide; the loser tries the next code.
func assignCouponGuarded(ctx context.Context, db *sql.DB, campaign string) (string, error) {
	var code string
	if err := db.QueryRowContext(ctx, `SELECT code FROM coupon_codes WHERE campaign = $1 AND used = false ORDER BY code LIMIT 1`, campaign).Scan(&code); err != nil {
		return "", err
	}
	res, err := db.ExecContext(ctx, `UPDATE coupon_codes SET used = true WHERE code = $1 AND used = false`, code)
	if err != nil {
		return "", err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return "", errors.New("code taken concurrently")
	}
	return code, nil
}

// Near miss: the caller names the row (its primary key); nothing is
// picked, and the row read is not handed out.
func dropSession(ctx context.Context, db *sql.DB, id string) error {
	var owner string
	if err := db.QueryRowContext(ctx, `SELECT owner FROM sessions WHERE id = $1`, id).Scan(&owner); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `DELETE FROM sessions WHERE id = $1`, id)
	return err
}

// Near miss: the oldest entry is pruned, not handed out; two pruners
// removing it once is the same as one.
func pruneOldest(ctx context.Context, db *sql.DB, feed string) error {
	var id int64
	if err := db.QueryRowContext(ctx, `SELECT id FROM feed_items WHERE feed = $1 ORDER BY created_at LIMIT 1`, feed).Scan(&id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `DELETE FROM feed_items WHERE id = $1`, id)
	return err
}
