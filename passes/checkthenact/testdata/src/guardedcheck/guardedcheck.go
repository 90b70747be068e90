// Package guardedcheck holds checks that run only on some paths: the
// insert after them is also reached by callers that skipped the check
// (no e-mail given), and those that ran it and found nothing race.
package guardedcheck

import (
	"context"
	"errors"
	"log"
	"sync"

	"gorm.io/gorm"
)

type User struct {
	ID    string
	Key   string
	Email *string
	Phone *string
}

type provider struct{ db *gorm.DB }

var errExists = errors.New("user with given email already exists")

func (p *provider) GetUserByEmail(ctx context.Context, email string) (*User, error) {
	var user User
	if err := p.db.WithContext(ctx).Where("email = ?", email).First(&user).Error; err != nil {
		return nil, err
	}
	return &user, nil
}

func (p *provider) GetUserByPhone(ctx context.Context, phone string) (*User, error) {
	var user User
	if err := p.db.WithContext(ctx).Where("phone = ?", phone).First(&user).Error; err != nil {
		return nil, err
	}
	return &user, nil
}

func newID() string { return "generated" }

// authorizer's AddUser: the phone and the e-mail are each checked only
// when given, and a row found counts only when it is another user's; the
// e-mail check after the phone's is another key, not the phone's made
// again, so both race.
func (p *provider) AddUser(ctx context.Context, user *User) (*User, error) {
	if user.ID == "" {
		user.ID = newID()
	}
	if user.Phone != nil && *user.Phone != "" {
		if u, _ := p.GetUserByPhone(ctx, *user.Phone); u != nil && u.ID != user.ID { // want `check-then-act race: the existence check GetUserByPhone`
			return user, errExists
		}
	}
	if user.Email != nil && *user.Email != "" {
		if u, _ := p.GetUserByEmail(ctx, *user.Email); u != nil && u.ID != user.ID { // want `check-then-act race: the existence check GetUserByEmail`
			return user, errExists
		}
	}
	user.Key = user.ID
	return user, p.db.WithContext(ctx).Create(user).Error
}

// Near miss: the check's present branch only logs, so the insert below
// runs whatever the check found (a lookup, not a guard).
func (p *provider) AddUserLogged(ctx context.Context, user *User) (*User, error) {
	if user.Email != nil {
		if u, _ := p.GetUserByEmail(ctx, *user.Email); u != nil {
			log.Printf("e-mail %s already used by %s", *user.Email, u.ID)
		}
	}
	return user, p.db.WithContext(ctx).Create(user).Error
}

// The check runs unless forced, and its success is tested apart from
// its not-found error: the insert is reached when it found nothing (a
// race) or did not look.
func (p *provider) AddUserOnce(ctx context.Context, user *User, force bool) (*User, error) {
	if !force {
		var existing User
		err := p.db.WithContext(ctx).Where("email = ?", *user.Email).First(&existing).Error // want `check-then-act race: the existence check First`
		if err == nil {
			return &existing, nil
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return nil, err
		}
	}
	return user, p.db.WithContext(ctx).Create(user).Error
}

// Near miss: the check, when it runs, refuses an absent user; the insert
// is reached by a caller that skipped it or found the row, never by one
// that saw it absent.
func (p *provider) AddUserKnown(ctx context.Context, user *User, verify bool) (*User, error) {
	if verify {
		if u, _ := p.GetUserByEmail(ctx, *user.Email); u == nil {
			return nil, errors.New("no such user")
		}
	}
	return user, p.db.WithContext(ctx).Create(user).Error
}

var registerMu sync.Mutex

// Near miss: the second check looks up the same e-mail again under the
// lock the insert is made in (double-checked): it, not the first, guards
// the insert.
func (p *provider) AddUserRechecked(ctx context.Context, user *User) (*User, error) {
	if u, _ := p.GetUserByEmail(ctx, *user.Email); u != nil {
		return u, nil
	}
	registerMu.Lock()
	defer registerMu.Unlock()
	if u, _ := p.GetUserByEmail(ctx, *user.Email); u != nil {
		return u, nil
	}
	return user, p.db.WithContext(ctx).Create(user).Error
}

// Member is a row of a team's members, keyed by e-mail.
type Member struct {
	ID    int64
	Email string
}

func (p *provider) memberByEmail(ctx context.Context, email string) (*Member, error) {
	var m Member
	if err := p.db.WithContext(ctx).Where("email = ?", email).First(&m).Error; err != nil {
		return nil, err
	}
	return &m, nil
}

// Near miss: the check's absent branch continues a loop: its other way in
// is the loop's first entry, which never ran the check, but the branch
// comes round to the check and the insert runs on the present path only
// (gogs's team loop: if !t.hasRepository(...) { continue } else ...).
func (p *provider) TouchMembers(ctx context.Context, emails []string) error {
	for _, e := range emails {
		if m, _ := p.memberByEmail(ctx, e); m == nil {
			continue
		} else if err := p.db.WithContext(ctx).Create(&Member{Email: e}).Error; err != nil {
			return err
		}
	}
	return nil
}
