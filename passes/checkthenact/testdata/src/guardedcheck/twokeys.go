package guardedcheck

import (
	"context"
	"errors"
	"strings"

	"gorm.io/gorm"
)

type Account struct {
	ID        uint
	LowerName string
	Email     string
}

type Accounts struct{ db *gorm.DB }

func (s *Accounts) nameUsed(ctx context.Context, name string) bool {
	return s.db.WithContext(ctx).Where("lower_name = ?", strings.ToLower(name)).First(&Account{}).Error != gorm.ErrRecordNotFound
}

func (s *Accounts) emailUsed(ctx context.Context, email string) bool {
	return s.db.WithContext(ctx).Where("email = ?", email).First(&Account{}).Error != gorm.ErrRecordNotFound
}

// Two checks of one table on two parameters, then one insert: each is a
// race of its own (two sign-ups of one name, two of one e-mail).
func (s *Accounts) Create(ctx context.Context, name, email string) error {
	if s.nameUsed(ctx, name) { // want `check-then-act race: the existence check nameUsed`
		return errors.New("name taken")
	}
	if s.emailUsed(ctx, email) { // want `check-then-act race: the existence check emailUsed`
		return errors.New("e-mail taken")
	}
	return s.db.WithContext(ctx).Create(&Account{LowerName: strings.ToLower(name), Email: email}).Error
}

// Near miss for the first check: the same name is checked again on the
// absent branch before the insert (double-checked), so the insert is
// judged against the inner check alone.
func (s *Accounts) CreateRechecked(ctx context.Context, name string) error {
	if s.nameUsed(ctx, name) {
		return errors.New("name taken")
	}
	if s.nameUsed(ctx, name) { // want `check-then-act race: the existence check nameUsed`
		return errors.New("name taken")
	}
	return s.db.WithContext(ctx).Create(&Account{LowerName: strings.ToLower(name)}).Error
}

// stringValue is the dereference helper services keep (authorizer's
// refs.StringValue): the key is still the record's field.
func stringValue(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// authorizer's AddUser as written: the keys pass through a helper, and
// the two checks are still two keys.
func (p *provider) AddUserRefs(ctx context.Context, user *User) (*User, error) {
	if user.Phone != nil {
		if u, _ := p.GetUserByPhone(ctx, stringValue(user.Phone)); u != nil { // want `check-then-act race: the existence check GetUserByPhone`
			return user, errExists
		}
	}
	if user.Email != nil {
		if u, _ := p.GetUserByEmail(ctx, stringValue(user.Email)); u != nil { // want `check-then-act race: the existence check GetUserByEmail`
			return user, errExists
		}
	}
	return user, p.db.WithContext(ctx).Create(user).Error
}
