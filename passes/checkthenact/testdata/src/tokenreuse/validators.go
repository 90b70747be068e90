package tokenreuse

import (
	"time"

	"gorm.io/gorm"
)

// An e-mail verification code, looked up by the address and the code the
// request presents, and deleted once used.
type UserEmailVerify struct {
	ID        uint
	Email     string
	Code      string
	ExpiresAt time.Time
}

type codeChecker struct{ db *gorm.DB }

// A validator that its handlers trust: it deletes the code and says yes,
// but the delete's rows affected decide nothing, so two registrations
// with one code both get the yes and both go on to set a password.
func (a *codeChecker) CheckEmailVerifyCode(email, code string) bool {
	var ev UserEmailVerify
	a.db.Where(UserEmailVerify{Email: email, Code: code}).First(&ev) // want `token-reuse race: the one-time token read here is consumed by Delete at line \d+, a write whose outcome no branch tests, so two requests with the same token can both find it and both go on`
	if ev.ID == 0 {
		return false
	}
	if ev.ExpiresAt.Before(time.Now()) {
		return false
	}
	if err := a.db.Unscoped().Delete(&ev).Error; err != nil {
		return false
	}
	return true
}

// Near miss: the yes is given only to the request whose delete removed
// the row.
func (a *codeChecker) CheckEmailVerifyCodeOnce(email, code string) bool {
	var ev UserEmailVerify
	a.db.Where(UserEmailVerify{Email: email, Code: code}).First(&ev)
	if ev.ID == 0 {
		return false
	}
	res := a.db.Unscoped().Delete(&ev)
	if res.Error != nil || res.RowsAffected == 0 {
		return false
	}
	return true
}

// Near miss: revoking a code hands no verdict to anyone; two revocations
// are one.
func (a *codeChecker) RevokeEmailVerify(email, code string) error {
	var ev UserEmailVerify
	a.db.Where(UserEmailVerify{Email: email, Code: code}).First(&ev)
	if ev.ID == 0 {
		return nil
	}
	return a.db.Unscoped().Delete(&ev).Error
}
