package tokenreuse

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

var errUsed = errors.New("token invalid or used")

// database/sql: two resets with one token both read it, both set a
// password, both delete it (the second deletes nothing, unnoticed).
func resetPassword(ctx context.Context, db *sql.DB, token, hash string) error {
	var userID int64
	var expires time.Time
	err := db.QueryRowContext(ctx, `SELECT user_id, expires_at FROM password_resets WHERE token = $1`, token).Scan(&userID, &expires) // want `token-reuse race: the one-time token read here is consumed by the delete of password_resets at line \d+`
	if err != nil {
		return errUsed
	}
	if time.Now().After(expires) {
		return errUsed
	}
	if _, err := db.ExecContext(ctx, `UPDATE users SET password = $1 WHERE id = $2`, hash, userID); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `DELETE FROM password_resets WHERE token = $1`, token)
	return err
}

// Near miss: the delete runs first and its rows affected gates the act;
// only the request that removed the row sets the password.
func resetPasswordConsumedFirst(ctx context.Context, db *sql.DB, token, hash string) error {
	var userID int64
	var expires time.Time
	err := db.QueryRowContext(ctx, `SELECT user_id, expires_at FROM password_resets WHERE token = $1`, token).Scan(&userID, &expires)
	if err != nil {
		return errUsed
	}
	if time.Now().After(expires) {
		return errUsed
	}
	res, err := db.ExecContext(ctx, `DELETE FROM password_resets WHERE token = $1`, token)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errUsed
	}
	_, err = db.ExecContext(ctx, `UPDATE users SET password = $1 WHERE id = $2`, hash, userID)
	return err
}

// Near miss: the token row is locked in the transaction that consumes it.
func resetPasswordLocked(ctx context.Context, db *sql.DB, token, hash string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var userID int64
	if err := tx.QueryRowContext(ctx, `SELECT user_id FROM password_resets WHERE token = $1 FOR UPDATE`, token).Scan(&userID); err != nil {
		return errUsed
	}
	if _, err := tx.ExecContext(ctx, `UPDATE users SET password = $1 WHERE id = $2`, hash, userID); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM password_resets WHERE token = $1`, token); err != nil {
		return err
	}
	return tx.Commit()
}

// Mark-used flavour: an e-mail verification code read unused, the user
// verified, the code marked used by id.
func verifyEmail(ctx context.Context, db *sql.DB, code string) error {
	var id, userID int64
	var used bool
	err := db.QueryRowContext(ctx, `SELECT id, user_id, used FROM verification_codes WHERE code = $1`, code).Scan(&id, &userID, &used) // want `token-reuse race: the one-time token read here is consumed by the update of verification_codes at line \d+`
	if err != nil || used {
		return errUsed
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO audit_log (user_id, what) VALUES ($1, 'verified')`, userID); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE verification_codes SET used = true WHERE id = $1`, id)
	return err
}

// Near miss: the code is marked used only if it was unused, and the
// rows affected decides who goes on.
func verifyEmailGuarded(ctx context.Context, db *sql.DB, code string) error {
	var id, userID int64
	var used bool
	err := db.QueryRowContext(ctx, `SELECT id, user_id, used FROM verification_codes WHERE code = $1`, code).Scan(&id, &userID, &used)
	if err != nil || used {
		return errUsed
	}
	res, err := db.ExecContext(ctx, `UPDATE verification_codes SET used = true WHERE id = $1 AND used = false`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errUsed
	}
	_, err = db.ExecContext(ctx, `INSERT INTO audit_log (user_id, what) VALUES ($1, 'verified')`, userID)
	return err
}

// Near miss: a session looked up by its token and deleted on logout is
// no single-use token: nothing else happens, and logging out twice is
// harmless.
func logout(ctx context.Context, db *sql.DB, token string) error {
	var id int64
	if err := db.QueryRowContext(ctx, `SELECT id FROM session_tokens WHERE token = $1`, token).Scan(&id); err != nil {
		return nil
	}
	_, err := db.ExecContext(ctx, `DELETE FROM session_tokens WHERE id = $1`, id)
	return err
}

// Near miss: an API token's last use is recorded; the token stays valid.
func touchAPIToken(ctx context.Context, db *sql.DB, token string) error {
	var id int64
	if err := db.QueryRowContext(ctx, `SELECT id FROM api_tokens WHERE token = $1`, token).Scan(&id); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO audit_log (user_id, what) VALUES ($1, 'api')`, id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE api_tokens SET last_used_at = now() WHERE id = $1`, id)
	return err
}
