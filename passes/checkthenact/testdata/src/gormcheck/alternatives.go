package gormcheck

import (
	"errors"

	"gorm.io/gorm"
)

// A service that looks a user up by e-mail when one is given, else by
// name, and tests the merged error once.

type Invitee struct {
	ID       uint
	Username string
	Email    string
}

type invitees struct{ db *gorm.DB }

func (r invitees) byEmail(email string) (*Invitee, error) {
	u := &Invitee{Email: email}
	err := r.db.Where(u).First(u).Error
	return u, err
}

func (r invitees) byName(name string) (*Invitee, error) {
	u := &Invitee{Username: name}
	err := r.db.Where(u).First(u).Error
	return u, err
}

func (r invitees) create(u *Invitee) error {
	return r.db.Create(u).Error
}

var errNoEmail = errors.New("an unknown user is invited by e-mail")

// Two invites of one new e-mail both find nobody and both create a
// placeholder user.
func (r invitees) Invite(email, name string) (*Invitee, error) {
	var u *Invitee
	var err error
	if email != "" {
		u, err = r.byEmail(email) // want `check-then-act race: the existence check byEmail`
	} else {
		u, err = r.byName(name)
	}
	if err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, err
	}
	if errors.Is(err, gorm.ErrRecordNotFound) {
		if email == "" {
			return nil, errNoEmail
		}
		u = &Invitee{Email: email}
		if err := r.create(u); err != nil {
			return nil, err
		}
	}
	return u, nil
}

// Near miss: the same alternatives, with "not found" answered as an
// error rather than created.
func (r invitees) Find(email, name string) (*Invitee, error) {
	var u *Invitee
	var err error
	if email != "" {
		u, err = r.byEmail(email)
	} else {
		u, err = r.byName(name)
	}
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, errNoEmail
	}
	return u, err
}
