package lostupdates

import (
	"context"
	"slices"
	"sync"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// A lost update split between a caller that loads the record and a
// function that computes from it and writes it back: two sign-ins with
// one backup code both load the user, both take the code out of the list
// and both write the list back; a code used at once by a third sign-in
// comes back.

type Login struct {
	ID          int64
	BackupCodes []string `gorm:"serializer:json"`
	Logins      int
}

type SignIn struct {
	db *gorm.DB
	mu sync.Mutex
}

func (s *SignIn) loadAccount(id int64) (*Login, error) {
	var a Login
	err := s.db.First(&a, id).Error
	return &a, err
}

// useBackupCode takes the code out of the list the caller loaded.
func (s *SignIn) useBackupCode(a *Login, code string) (bool, error) {
	i := slices.Index(a.BackupCodes, code)
	if i < 0 {
		return false, nil
	}
	a.BackupCodes = slices.Delete(a.BackupCodes, i, i+1)
	return true, s.db.Model(a).Update("backup_codes", a.BackupCodes).Error
}

func (s *SignIn) WithBackupCode(ctx context.Context, id int64, code string) (bool, error) {
	a, err := s.loadAccount(id) // want `lost update: BackupCodes read here is handed to useBackupCode, which writes it back \(passed.go:\d+\) as a value computed from it`
	if err != nil {
		return false, err
	}
	return s.useBackupCode(a, code)
}

// Near miss: the caller reads the row FOR UPDATE in the transaction the
// function writes it back in.
func (s *SignIn) WithBackupCodeLocked(ctx context.Context, id int64, code string) (bool, error) {
	var ok bool
	err := s.db.Transaction(func(tx *gorm.DB) error {
		var a Login
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&a, id).Error; err != nil {
			return err
		}
		var err error
		ok, err = (&SignIn{db: tx}).useBackupCode(&a, code)
		return err
	})
	return ok, err
}

// resetLogins writes back a count it does not compute: the caller's
// value, set absolutely.
func (s *SignIn) resetLogins(a *Login) error {
	a.Logins = 0
	return s.db.Model(a).Update("logins", a.Logins).Error
}

// Near miss: the function writes an absolute value, computed from
// nothing it was handed.
func (s *SignIn) Reset(ctx context.Context, id int64) error {
	a, err := s.loadAccount(id)
	if err != nil {
		return err
	}
	return s.resetLogins(a)
}

// Near miss: a mutex is held from the read across the call.
func (s *SignIn) WithBackupCodeSerialised(ctx context.Context, id int64, code string) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, err := s.loadAccount(id)
	if err != nil {
		return false, err
	}
	return s.useBackupCode(a, code)
}
