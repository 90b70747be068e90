package tokenreuse

import (
	"context"
	"errors"
)

type VerificationRequest struct {
	ID        string
	Token     string
	Email     string
	ExpiresAt int64
}

type OTP struct {
	ID        string
	Email     string
	Otp       string
	ExpiresAt int64
}

type User struct {
	ID                 string
	Email              string
	Password           string
	ResetPasswordToken string
	VerificationToken  string
	EmailVerified      bool
}

// Store is the storage provider the handlers see; its implementations
// live elsewhere.
type Store interface {
	GetVerificationRequestByToken(ctx context.Context, token string) (*VerificationRequest, error)
	GetVerificationRequestByEmail(ctx context.Context, email string) (*VerificationRequest, error)
	DeleteVerificationRequest(ctx context.Context, vr *VerificationRequest) error
	GetOTPByEmail(ctx context.Context, email string) (*OTP, error)
	GetOTPByPhone(ctx context.Context, phone string) (*OTP, error)
	DeleteOTP(ctx context.Context, otp *OTP) error
	GetUserByEmail(ctx context.Context, email string) (*User, error)
	FindUserByResetToken(ctx context.Context, token string) (*User, error)
	FindUserByVerificationToken(ctx context.Context, token string) (*User, error)
	UpdateUser(ctx context.Context, u *User) (*User, error)
	CreateSession(ctx context.Context, userID string) (string, error)
}

var errExpired = errors.New("expired")

// Repository: the request is read by its token, the password set, and
// the request deleted afterwards.
func resetWithRequest(ctx context.Context, s Store, token, hash string, now int64) error {
	vr, err := s.GetVerificationRequestByToken(ctx, token) // want `token-reuse race: the one-time token read here is consumed by DeleteVerificationRequest at line \d+`
	if err != nil {
		return err
	}
	if vr.ExpiresAt < now {
		return errExpired
	}
	u, err := s.GetUserByEmail(ctx, vr.Email)
	if err != nil {
		return err
	}
	u.Password = hash
	if _, err := s.UpdateUser(ctx, u); err != nil {
		return err
	}
	return s.DeleteVerificationRequest(ctx, vr)
}

// Repository, deleted before the act but with the delete's outcome
// ignored: both callers delete (one of them nothing) and both log in.
func verifyOTP(ctx context.Context, s Store, email, code string, now int64) (string, error) {
	otp, err := s.GetOTPByEmail(ctx, email) // want `token-reuse race: the one-time token read here is consumed by DeleteOTP at line \d+`
	if err != nil || otp == nil {
		return "", errExpired
	}
	if otp.Otp != code || otp.ExpiresAt < now {
		return "", errExpired
	}
	_ = s.DeleteOTP(ctx, otp)
	return s.CreateSession(ctx, otp.Email)
}

// Near miss: the request is deleted, but nothing else is done with it
// (a cancel link).
func cancelRequest(ctx context.Context, s Store, token string) error {
	vr, err := s.GetVerificationRequestByToken(ctx, token)
	if err != nil {
		return err
	}
	return s.DeleteVerificationRequest(ctx, vr)
}

// The token is a column of the user: found by it, cleared and saved with
// the new password in one write of the row that does not test it is
// still there.
func resetWithUserToken(ctx context.Context, s Store, token, hash string) error {
	u, err := s.FindUserByResetToken(ctx, token) // want `token-reuse race: the one-time token read here is consumed by UpdateUser at line \d+`
	if err != nil {
		return err
	}
	u.Password = hash
	u.ResetPasswordToken = ""
	if _, err := s.UpdateUser(ctx, u); err != nil {
		return err
	}
	_, err = s.CreateSession(ctx, u.ID)
	return err
}

// Near miss: the token's use writes only constants (the address marked
// verified, the token cleared): two uses of one token write the same
// values twice and double nothing (convoy's VerifyEmailService).
func verifyEmailByUserToken(ctx context.Context, s Store, token string) error {
	u, err := s.FindUserByVerificationToken(ctx, token)
	if err != nil {
		return err
	}
	u.EmailVerified = true
	u.VerificationToken = ""
	_, err = s.UpdateUser(ctx, u)
	return err
}

// The same constant write, then a session made for whoever used the
// token: two uses make two sessions.
func verifyEmailAndSignIn(ctx context.Context, s Store, token string) (string, error) {
	u, err := s.FindUserByVerificationToken(ctx, token) // want `token-reuse race: the one-time token read here is consumed by UpdateUser at line \d+`
	if err != nil {
		return "", err
	}
	u.EmailVerified = true
	u.VerificationToken = ""
	if _, err := s.UpdateUser(ctx, u); err != nil {
		return "", err
	}
	return s.CreateSession(ctx, u.ID)
}

// Near miss: the user found by the token is saved with a new e-mail, the
// token left as it was: no consumption, no single-use claim.
func changeEmailByToken(ctx context.Context, s Store, token, email string) error {
	u, err := s.FindUserByResetToken(ctx, token)
	if err != nil {
		return err
	}
	u.Email = email
	if _, err := s.UpdateUser(ctx, u); err != nil {
		return err
	}
	_, err = s.CreateSession(ctx, u.ID)
	return err
}

type VerifyParams struct {
	Token string
	OTP   string
	Email string
}

// The request is read only on the token path and deleted on a later
// test of the same flag: the variable holds the record or nil.
func verifyEither(ctx context.Context, s Store, p VerifyParams, byToken bool, now int64) error {
	var vr *VerificationRequest
	var err error
	if byToken {
		vr, err = s.GetVerificationRequestByToken(ctx, p.Token) // want `token-reuse race: the one-time token read here is consumed by DeleteVerificationRequest at line \d+`
		if err != nil {
			return err
		}
		if vr.ExpiresAt < now {
			return errExpired
		}
	}
	u, err := s.GetUserByEmail(ctx, p.Email)
	if err != nil {
		return err
	}
	if _, err := s.UpdateUser(ctx, u); err != nil {
		return err
	}
	if byToken {
		return s.DeleteVerificationRequest(ctx, vr)
	}
	return nil
}

// Near miss: the pending request is looked up by the user's e-mail, not
// by a token the request presents, and deleted when it expired so that
// a fresh one can be sent: replacing a token is not using it.
func resendVerification(ctx context.Context, s Store, email string, now int64) error {
	vr, err := s.GetVerificationRequestByEmail(ctx, email)
	if err == nil && vr != nil {
		if vr.ExpiresAt > now {
			return errExpired
		}
		if err := s.DeleteVerificationRequest(ctx, vr); err != nil {
			return err
		}
	}
	_, err = s.CreateSession(ctx, email)
	return err
}

// The OTP is read by e-mail or by phone number, and the one variable is
// compared with the code, deleted without a look at the outcome, and a
// session created.
func verifyOTPEither(ctx context.Context, s Store, email, phone, code string, now int64) (string, error) {
	var otp *OTP
	var err error
	if email != "" {
		otp, err = s.GetOTPByEmail(ctx, email) // want `token-reuse race: the one-time token read here is consumed by DeleteOTP at line \d+`
	} else {
		otp, err = s.GetOTPByPhone(ctx, phone) // want `token-reuse race: the one-time token read here is consumed by DeleteOTP at line \d+`
	}
	if err != nil || otp == nil {
		return "", errExpired
	}
	if otp.Otp != code || otp.ExpiresAt < now {
		return "", errExpired
	}
	if err := s.DeleteOTP(ctx, otp); err != nil {
		return "", err
	}
	return s.CreateSession(ctx, otp.Email)
}
