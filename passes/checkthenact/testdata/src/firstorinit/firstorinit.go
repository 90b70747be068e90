// Package firstorinit holds gorm's FirstOrInit followed by a save: a
// lookup that fills the record when no row matches, then an insert of
// it, in the shapes services write (settings and preferences keyed by
// name, per-user counters, "init, set fields, save").
package firstorinit

import (
	"errors"
	"sync"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Preference has no unique key on what it is looked up by.
type Preference struct {
	ID     int64
	UserID int64
	Name   string
	Value  string
}

// Setting's name is unique: the second of two inserts fails.
type Setting struct {
	ID    int64  `gorm:"primaryKey"`
	Name  string `gorm:"uniqueIndex"`
	Value string
}

type Store struct {
	db *gorm.DB
	mu sync.Mutex
}

// Two requests both miss the preference, both fill it and both Save it
// with a zero key: two rows for one (user, name).
func (s *Store) SetPreference(userID int64, name, value string) error {
	var p Preference
	s.db.Where(Preference{UserID: userID, Name: name}).FirstOrInit(&p) // want `check-then-act race: FirstOrInit looks Preference up and only fills it when none is found, and the Save at line 41 inserts it, so two concurrent callers can both miss it and both insert; no unique key of Preference covers \(user_id, name\)`
	p.Value = value
	return s.db.Save(&p).Error
}

// Near miss: the insert is ON CONFLICT DO UPDATE, one statement the
// database serialises.
func (s *Store) SetPreferenceOnConflict(userID int64, name, value string) error {
	var p Preference
	s.db.Where(Preference{UserID: userID, Name: name}).FirstOrInit(&p)
	p.Value = value
	return s.db.Clauses(clause.OnConflict{UpdateAll: true}).Create(&p).Error
}

// Near miss: one mutex held across the lookup and the save serialises
// this process's callers.
func (s *Store) SetPreferenceLocked(userID int64, name, value string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	var p Preference
	s.db.Where(Preference{UserID: userID, Name: name}).FirstOrInit(&p)
	p.Value = value
	return s.db.Save(&p).Error
}

// The unique name fails the loser's Create, whose error is the caller's
// 500.
func (s *Store) PutSetting(name, value string) error {
	var st Setting
	if err := s.db.Where("name = ?", name).FirstOrInit(&st).Error; err != nil { // want `FirstOrInit looks Setting up .* the Create at line 72 inserts it, .* the unique key \(name\) fails the second insert, and its error is handed on as a failure`
		return err
	}
	st.Value = value
	return s.db.Create(&st).Error
}

// Near miss: the loser's unique violation is answered as "already set".
func (s *Store) PutSettingAnswered(name, value string) error {
	var st Setting
	s.db.Where("name = ?", name).FirstOrInit(&st)
	st.Value = value
	err := s.db.Create(&st).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return nil
	}
	return err
}

// Near miss: the record is saved only where the row was found, an update
// of a row that exists.
func (s *Store) RenamePreference(userID int64, name, value string) error {
	var p Preference
	s.db.Where(Preference{UserID: userID, Name: name}).FirstOrInit(&p)
	if p.ID != 0 {
		p.Value = value
		return s.db.Save(&p).Error
	}
	return nil
}

// Near miss: the filled record is only read, a default for display.
func (s *Store) PreferenceOrDefault(userID int64, name string) string {
	p := Preference{Value: "on"}
	s.db.Where(Preference{UserID: userID, Name: name}).FirstOrInit(&p)
	return p.Value
}
