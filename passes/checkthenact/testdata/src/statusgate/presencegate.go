package statusgate

import (
	"context"
	"errors"
)

type Credential struct {
	ID           int64
	Email        string
	PasswordHash string
	ResetToken   string
}

// Credentials is a repository known only by its interface.
type Credentials interface {
	GetCredentialByEmail(ctx context.Context, email string) (*Credential, error)
	SetPasswordHash(ctx context.Context, id int64, hash string) error
	SetResetToken(ctx context.Context, id int64, token string) error
	CreateSession(ctx context.Context, credentialID int64) (string, error)
}

type ResetMailer interface {
	SendResetLink(ctx context.Context, to, token string) error
}

var errNoPassword = errors.New("account has no password")

func rehash(password string) (string, bool) { return "$argon2id$" + password, len(password) > 0 }

type SignIns struct {
	credentials Credentials
	mail        ResetMailer
}

// Near miss: the test asks whether the account has a password at all; a
// rehash on sign-in stores another hash, so the password stays set and
// every later sign-in passes the test as it should, each with its own
// session.
func (s *SignIns) SignIn(ctx context.Context, email, password string) (string, error) {
	c, err := s.credentials.GetCredentialByEmail(ctx, email)
	if err != nil {
		return "", err
	}
	if c.PasswordHash == "" {
		return "", errNoPassword
	}
	if hash, stale := rehash(password); stale {
		if err := s.credentials.SetPasswordHash(ctx, c.ID, hash); err != nil {
			return "", err
		}
	}
	return s.credentials.CreateSession(ctx, c.ID)
}

// A pending reset token is mailed and then cleared: the write empties
// the field the test found set, so two requests both mail it.
func (s *SignIns) MailResetLink(ctx context.Context, email string) error {
	c, err := s.credentials.GetCredentialByEmail(ctx, email) // want `status-gate race: ResetToken read here is tested`
	if err != nil {
		return err
	}
	if c.ResetToken != "" {
		if err := s.mail.SendResetLink(ctx, c.Email, c.ResetToken); err != nil {
			return err
		}
		return s.credentials.SetResetToken(ctx, c.ID, "")
	}
	return nil
}
