package statusgate

import (
	"errors"

	"xorm.io/xorm"
)

// An account service on xorm whose helpers update one column by writing
// a fresh struct that sets only that field: xorm's Update(&Operator{...})
// writes the non-zero fields of the literal and leaves the rest alone.

type Operator struct {
	ID       int64
	Issuer   string
	Status   string
	Password string
}

func (a *Operator) IsLocal() bool { return a.Issuer == "local" }

func (a *Operator) IsSuspended() bool { return a.Status == "suspended" }

type OperatorMailer interface {
	Send(to int64, subject string) error
}

var errOperatorNotLocal = errors.New("not a local account")

func loadOperator(s *xorm.Session, id int64) (*Operator, error) {
	a := &Operator{}
	has, err := s.Where("id = ?", id).Get(a)
	if err != nil {
		return nil, err
	}
	if !has {
		return nil, errors.New("no account")
	}
	return a, nil
}

func updateOperatorPassword(s *xorm.Session, a *Operator, hashed string) error {
	_, err := s.Where("id = ?", a.ID).Update(&Operator{Password: hashed})
	return err
}

func activateOperator(s *xorm.Session, a *Operator) error {
	_, err := s.Where("id = ?", a.ID).Update(&Operator{Status: "active"})
	return err
}

// Near miss: the test is a precondition (only local accounts have a
// password), and the write sets the password column alone, not Issuer:
// two admins resetting one password both mail the user, as they should.
func ResetOperatorPassword(s *xorm.Session, m OperatorMailer, id int64, hashed string) error {
	a, err := loadOperator(s, id)
	if err != nil {
		return err
	}
	if !a.IsLocal() {
		return errOperatorNotLocal
	}
	if err := updateOperatorPassword(s, a, hashed); err != nil {
		return err
	}
	return m.Send(a.ID, "password changed")
}

// The literal sets the tested column: two activations of one pending
// account both find it pending and both send the welcome mail.
func ActivateOperator(s *xorm.Session, m OperatorMailer, id int64) error {
	a, err := loadOperator(s, id) // want `status-gate race: Status read here is tested, then Send`
	if err != nil {
		return err
	}
	if a.Status != "pending" {
		return nil
	}
	if err := activateOperator(s, a); err != nil {
		return err
	}
	return m.Send(a.ID, "welcome")
}

func suspendOperator(s *xorm.Session, a *Operator) error {
	_, err := s.Where("id = ?", a.ID).Update(&Operator{Status: "suspended"})
	return err
}

// The predicate tests Status and the literal sets it: two suspensions of
// one operator both find it active and both send the notice.
func SuspendOperator(s *xorm.Session, m OperatorMailer, id int64) error {
	a, err := loadOperator(s, id) // want `status-gate race: its state read here is tested, then Send`
	if err != nil {
		return err
	}
	if a.IsSuspended() {
		return nil
	}
	if err := m.Send(a.ID, "suspended"); err != nil {
		return err
	}
	return suspendOperator(s, a)
}
