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
