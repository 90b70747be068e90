// Package totpcodes signs users in with a TOTP code.
package totpcodes

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/pquerna/otp/totp"
)

var errInvalid = errors.New("invalid code")

type Logins struct{ db *sql.DB }

func (l *Logins) secret(ctx context.Context, userID int64) (string, error) {
	var s string
	err := l.db.QueryRowContext(ctx, `SELECT totp_secret FROM users WHERE id = $1`, userID).Scan(&s)
	return s, err
}

// The code is checked and the login recorded, but not the code: a second
// request with it within its window passes too.
func (l *Logins) Verify(ctx context.Context, userID int64, code string) error {
	secret, err := l.secret(ctx, userID)
	if err != nil {
		return err
	}
	if !totp.Validate(code, secret) { // want `token-reuse race: the TOTP code accepted here is recorded nowhere`
		return errInvalid
	}
	_, err = l.db.ExecContext(ctx, `UPDATE users SET last_login_at = now() WHERE id = $1`, userID)
	return err
}

// Near miss: the step the code matched is stored by an update that
// refuses an older one.
func (l *Logins) VerifyOnce(ctx context.Context, userID int64, code string) error {
	secret, err := l.secret(ctx, userID)
	if err != nil {
		return err
	}
	ok, err := totp.ValidateCustom(code, secret, time.Now(), totp.ValidateOpts{Period: 30})
	if err != nil || !ok {
		return errInvalid
	}
	step := time.Now().Unix() / 30
	res, err := l.db.ExecContext(ctx, `UPDATE users SET otp_last_step = $2 WHERE id = $1 AND otp_last_step < $2`, userID, step)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errInvalid
	}
	return nil
}

// Near miss: a wrapper hands the verdict to its callers, who decide what
// to record.
func CodeMatches(code, secret string) bool {
	return totp.Validate(code, secret)
}

type User struct {
	ID         int64
	TOTPSecret string
	MFAEnabled bool
}

func (l *Logins) save(ctx context.Context, u *User) error {
	_, err := l.db.ExecContext(ctx, `UPDATE users SET totp_secret = $2, mfa_enabled = $3 WHERE id = $1`, u.ID, u.TOTPSecret, u.MFAEnabled)
	return err
}

// Near miss: enrolment proves the new secret works and turns it on; a
// replay turns it on again.
func (l *Logins) Enrol(ctx context.Context, u *User, secret, code string) error {
	if !totp.Validate(code, secret) {
		return errInvalid
	}
	u.TOTPSecret = secret
	u.MFAEnabled = true
	return l.save(ctx, u)
}
