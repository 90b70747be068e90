package tokenreuse

import (
	"errors"

	"xorm.io/xorm"
)

// A token table apart from the accounts: the token is found, the account
// loaded, the token rows deleted without looking at how many went, then
// the account updated.

type AccountToken struct {
	ID       int64
	HolderID int64
	Token    string
	Kind     int
}

type Holder struct {
	ID           int64
	Email        string
	PendingEmail string
	Status       int
	Password     string
}

var errBadToken = errors.New("invalid token")

func findAccountToken(s *xorm.Session, token string, kind int) (*AccountToken, error) {
	t := &AccountToken{}
	has, err := s.Where("kind = ? AND token = ?", kind, token).Get(t)
	if err != nil || !has {
		return nil, err
	}
	return t, nil
}

func loadHolder(s *xorm.Session, id int64) (*Holder, error) {
	a := &Holder{}
	if _, err := s.Where("id = ?", id).Get(a); err != nil {
		return nil, err
	}
	return a, nil
}

func dropAccountTokens(s *xorm.Session, h *Holder, kind int) error {
	_, err := s.Where("holder_id = ? AND kind = ?", h.ID, kind).Delete(&AccountToken{})
	return err
}

// Near miss: confirming moves the pending address into place and marks
// the account active; two confirms with one token read the same account
// and write it the same way, so the second use changes nothing.
func confirmAccountEmail(s *xorm.Session, token string) error {
	t, err := findAccountToken(s, token, 1)
	if err != nil {
		return err
	}
	if t == nil {
		return errBadToken
	}
	a, err := loadHolder(s, t.HolderID)
	if err != nil {
		return err
	}
	if a.PendingEmail != "" {
		a.Email = a.PendingEmail
		a.PendingEmail = ""
	}
	if err := dropAccountTokens(s, a, 1); err != nil {
		return err
	}
	a.Status = 1
	_, err = s.Where("id = ?", a.ID).Cols("email", "pending_email", "status").Update(a)
	return err
}

// The request's new password is the act: two requests with one reset
// token both find it and set two passwords, the second silently winning.
func resetAccountPassword(s *xorm.Session, token, hashed string) error {
	t, err := findAccountToken(s, token, 2) // want `token-reuse race: the one-time token read here is consumed by dropAccountTokens`
	if err != nil {
		return err
	}
	if t == nil {
		return errBadToken
	}
	a, err := loadHolder(s, t.HolderID)
	if err != nil {
		return err
	}
	if err := dropAccountTokens(s, a, 2); err != nil {
		return err
	}
	a.Password = hashed
	_, err = s.Where("id = ?", a.ID).Cols("password").Update(a)
	return err
}

func dropHolderTokensByID(s *xorm.Session, holderID int64, kind int) error {
	_, err := s.Where("holder_id = ? AND kind = ?", holderID, kind).Delete(&AccountToken{})
	return err
}

// The tokens are deleted by their owner's id, the owner loaded by the
// token's HolderID: the token is spent with the rest, after the act's
// read, and nothing tells the second request it came too late.
func unlockHolder(s *xorm.Session, token, hashed string) error {
	t, err := findAccountToken(s, token, 3) // want `token-reuse race: the one-time token read here is consumed by dropHolderTokensByID`
	if err != nil {
		return err
	}
	if t == nil {
		return errBadToken
	}
	a, err := loadHolder(s, t.HolderID)
	if err != nil {
		return err
	}
	if err := dropHolderTokensByID(s, a.ID, 3); err != nil {
		return err
	}
	a.Password = hashed
	_, err = s.Where("id = ?", a.ID).Cols("password").Update(a)
	return err
}

// Near miss: the owner's tokens are deleted in the function itself, and
// only the request whose delete removed a row goes on.
func unlockHolderOnce(s *xorm.Session, token, hashed string) error {
	t, err := findAccountToken(s, token, 4)
	if err != nil {
		return err
	}
	if t == nil {
		return errBadToken
	}
	a, err := loadHolder(s, t.HolderID)
	if err != nil {
		return err
	}
	n, err := s.Where("holder_id = ? AND kind = ?", a.ID, 4).Delete(&AccountToken{})
	if err != nil {
		return err
	}
	if n == 0 {
		return errBadToken
	}
	a.Password = hashed
	_, err = s.Where("id = ?", a.ID).Cols("password").Update(a)
	return err
}
