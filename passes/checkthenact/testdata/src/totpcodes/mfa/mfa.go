// Package mfa checks a second factor and hands out a session; it reads
// and writes nothing itself, so the code it accepts is recorded nowhere.
package mfa

import (
	"errors"

	"github.com/pquerna/otp/totp"
)

var errInvalid = errors.New("invalid code")

type Session struct{ UserID int64 }

type User struct {
	ID         int64
	TOTPSecret string
}

// Login accepts the code and issues the session: replayable within its
// window.
func Login(u User, code string) (Session, error) {
	if !totp.Validate(code, u.TOTPSecret) { // want `token-reuse race: the TOTP code accepted here is recorded nowhere`
		return Session{}, errInvalid
	}
	return Session{UserID: u.ID}, nil
}

// Near miss: a wrapper that hands the verdict to its caller, which
// decides what to record.
func Check(u User, code string) bool {
	return totp.Validate(code, u.TOTPSecret)
}
