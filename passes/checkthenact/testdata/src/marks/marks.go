// Package marks holds high-water marks kept in rows: the last TOTP step
// accepted, the sequence number of the last event applied.
package marks

import (
	"context"
	"database/sql"
	"errors"
)

var errReplay = errors.New("code already used")

type Users struct{ db *sql.DB }

func stepOf(code, secret string) (int64, bool) { return int64(len(code + secret)), code != "" }

// Two logins with the same code both read the old step and both pass.
func (u *Users) VerifyTOTP(ctx context.Context, userID int64, code string) error {
	var secret string
	var last int64
	if err := u.db.QueryRowContext(ctx, `SELECT otp_secret, last_step FROM users WHERE id = $1`, userID).Scan(&secret, &last); err != nil { // want `mark race: last_step read here is compared with the value the request brings at line \d+, and overwritten with it at line \d+`
		return err
	}
	step, ok := stepOf(code, secret)
	if !ok {
		return errors.New("invalid code")
	}
	if step <= last {
		return errReplay
	}
	_, err := u.db.ExecContext(ctx, `UPDATE users SET last_step = $2 WHERE id = $1`, userID, step)
	return err
}

// Near miss: the write tests the mark itself and its rows affected
// decides.
func (u *Users) VerifyTOTPGuarded(ctx context.Context, userID int64, code string) error {
	var secret string
	var last int64
	if err := u.db.QueryRowContext(ctx, `SELECT otp_secret, last_step FROM users WHERE id = $1`, userID).Scan(&secret, &last); err != nil {
		return err
	}
	step, ok := stepOf(code, secret)
	if !ok || step <= last {
		return errReplay
	}
	res, err := u.db.ExecContext(ctx, `UPDATE users SET last_step = $2 WHERE id = $1 AND last_step < $2`, userID, step)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errReplay
	}
	return nil
}

// Near miss: the row is locked as it is read, in the transaction that
// writes it.
func (u *Users) VerifyTOTPLocked(ctx context.Context, userID int64, code string) error {
	tx, err := u.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var secret string
	var last int64
	if err := tx.QueryRowContext(ctx, `SELECT otp_secret, last_step FROM users WHERE id = $1 FOR UPDATE`, userID).Scan(&secret, &last); err != nil {
		return err
	}
	step, ok := stepOf(code, secret)
	if !ok || step <= last {
		return errReplay
	}
	if _, err := tx.ExecContext(ctx, `UPDATE users SET last_step = $2 WHERE id = $1`, userID, step); err != nil {
		return err
	}
	return tx.Commit()
}

// Near miss: a threshold, not a value the request brings: the version
// is compared with a constant.
func (u *Users) Upgrade(ctx context.Context, userID int64, next int64) error {
	var version int64
	if err := u.db.QueryRowContext(ctx, `SELECT schema_version FROM users WHERE id = $1`, userID).Scan(&version); err != nil {
		return err
	}
	if version >= 3 {
		return nil
	}
	_, err := u.db.ExecContext(ctx, `UPDATE users SET schema_version = $2 WHERE id = $1`, userID, next)
	return err
}
