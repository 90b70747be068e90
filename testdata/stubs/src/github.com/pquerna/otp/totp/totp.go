// Package totp is a stub of github.com/pquerna/otp/totp.
package totp

import "time"

type ValidateOpts struct{ Period uint }

func Validate(passcode string, secret string) bool { return passcode != "" && secret != "" }

func ValidateCustom(passcode string, secret string, t time.Time, opts ValidateOpts) (bool, error) {
	return Validate(passcode, secret), nil
}
