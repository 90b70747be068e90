// Package stalesaves edits users and notes, saving records whole.
package stalesaves

import (
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"stalesaves/security"
)

type User struct {
	ID        uint
	Email     string
	Name      string
	Plan      string
	OTPActive bool
	CreatedAt time.Time
	UpdatedAt time.Time
}

// The e-mail edit saves the user read before it whole: an OTP enabled by
// security.EnableOTP in between is turned off again.
func UpdateEmail(db *gorm.DB, id uint, email string) error {
	var u User
	if err := db.First(&u, id).Error; err != nil { // want `lost update: the user row read here is saved whole at line \d+ with every column as read, Name, otp_active, plan among them, which RenameThroughStore \(stalesaves.go:\d+\), EnableOTP \(security.go:8\), ChangePlan \(stalesaves.go:\d+\) also write`
		return err
	}
	u.Email = email
	return db.Save(&u).Error
}

// ChangePlan writes the plan by naming its column.
func ChangePlan(db *gorm.DB, id uint, plan string) error {
	return db.Model(&User{}).Where("id = ?", id).Update("plan", plan).Error
}

// Near miss: the rename saves the one column it changes.
func Rename(db *gorm.DB, id uint, name string) error {
	var u User
	if err := db.First(&u, id).Error; err != nil {
		return err
	}
	u.Name = name
	return db.Select("name").Save(&u).Error
}

// Near miss: the row is read FOR UPDATE in the transaction that saves it;
// EnableOTP waits for the commit.
func UpdateEmailLocked(db *gorm.DB, id uint, email string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var u User
		if err := tx.Clauses(clause.Locking{Strength: clause.LockingStrengthUpdate}).First(&u, id).Error; err != nil {
			return err
		}
		u.Email = email
		return tx.Save(&u).Error
	})
}

// Note is written only by EditNote: no other change to revert.
type Note struct {
	ID     uint
	Body   string
	Pinned bool
}

// Near miss: a record saved whole whose other columns nothing else writes.
func EditNote(db *gorm.DB, id uint, body string) error {
	var n Note
	if err := db.First(&n, id).Error; err != nil {
		return err
	}
	n.Body = body
	return db.Save(&n).Error
}

func Secure(sqlDB *sql.DB, id uint) error { return security.EnableOTP(sqlDB, id) }

// Near miss: the save leaves out the columns others write.
func UpdateEmailOmitting(db *gorm.DB, id uint, email string) error {
	var u User
	if err := db.First(&u, id).Error; err != nil {
		return err
	}
	u.Email = email
	return db.Omit("otp_active", "plan", "name").Save(&u).Error
}

// Users is a store whose Update saves the record it is handed.
type Users struct{ db *gorm.DB }

func (s *Users) Get(id uint) (*User, error) {
	u := new(User)
	return u, s.db.First(u, id).Error
}

func (s *Users) Update(u *User) error { return s.db.Save(u).Error }

// The same lost update through the store's helpers.
func RenameThroughStore(s *Users, id uint, name string) error {
	u, err := s.Get(id) // want `lost update: the user row read here is saved whole at line \d+ with every column as read, Email, otp_active, plan among them, which UpdateEmail`
	if err != nil {
		return err
	}
	u.Name = name
	return s.Update(u)
}

// Near miss: a request body bound into the record before the save: what
// the save writes is the client's, not known here.
func ReplaceFromBody(s *Users, id uint, body []byte) error {
	u, err := s.Get(id)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(body, u); err != nil {
		return err
	}
	u.Name = strings.TrimSpace(u.Name)
	return s.Update(u)
}

// Profile is edited by SetBio and by EditProfile.
type Profile struct {
	ID      uint
	Bio     string
	Website string
}

// SetBio writes the bio by naming its column.
func SetBio(db *gorm.DB, id uint, bio string) error {
	return db.Model(&Profile{}).Where("id = ?", id).Update("bio", bio).Error
}

// Near miss: the bio is set through its address by a closure, so the
// save writes what this code meant it to; nothing else writes the
// website.
func EditProfile(db *gorm.DB, id uint, bio, website string) error {
	var p Profile
	if err := db.First(&p, id).Error; err != nil {
		return err
	}
	setText := func(dst *string, v string) { *dst = v }
	setText(&p.Bio, bio)
	p.Website = website
	return db.Save(&p).Error
}

// Setting is edited field by field: a PATCH sets what its body carries.
type Setting struct {
	ID    uint
	Theme string
	Lang  string
}

type settingPatch struct{ Theme, Lang *string }

// Two PATCHes, one of the theme and one of the language, each save the
// whole row: the one that commits last writes back the other's field as
// it read it.
func PatchSetting(db *gorm.DB, id uint, p settingPatch) error {
	var s Setting
	if err := db.First(&s, id).Error; err != nil { // want `lost update: the setting row read here is saved whole at line \d+ with every column as read, Lang, Theme among them, which another call of PatchSetting \(stalesaves.go:\d+\) that sets it`
		return err
	}
	if p.Theme != nil {
		s.Theme = *p.Theme
	}
	if p.Lang != nil {
		s.Lang = *p.Lang
	}
	return db.Save(&s).Error
}

// Near miss: every field is set on every path (a PUT of the whole
// setting).
func PutSetting(db *gorm.DB, id uint, theme, lang string) error {
	var s Setting
	if err := db.First(&s, id).Error; err != nil {
		return err
	}
	if theme == "" {
		theme = "light"
	}
	s.Theme = theme
	s.Lang = lang
	return db.Save(&s).Error
}
