package gormcheck

import (
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type User struct {
	ID    uint
	Email string
}

type AuditEntry struct{ Note string }

func register(db *gorm.DB, email string) error {
	var u User
	err := db.Where("email = ?", email).First(&u).Error // want `check-then-act race: the existence check First`
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&User{Email: email}).Error
	}
	return err
}

func registerCount(db *gorm.DB, email string) error {
	var n int64
	db.Model(&User{}).Where("email = ?", email).Count(&n) // want `check-then-act race: the existence check Count`
	if n == 0 {
		db.Create(&User{Email: email})
	}
	return nil
}

// Near miss: the create is ON CONFLICT DO NOTHING.
func registerOnConflict(db *gorm.DB, email string) error {
	var u User
	err := db.Where("email = ?", email).First(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&User{Email: email}).Error
	}
	return err
}

// Near miss: a different model is created.
func registerAudit(db *gorm.DB, email string) error {
	var u User
	err := db.Where("email = ?", email).First(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&AuditEntry{Note: email}).Error
	}
	return err
}

// Near miss: duplicate key handled.
func registerDuplicateHandled(db *gorm.DB, email string) error {
	var u User
	err := db.Where("email = ?", email).First(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		err = db.Create(&User{Email: email}).Error
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return nil
		}
	}
	return err
}

// A row lock inside a transaction locks nothing when the row is missing.
func registerLocked(db *gorm.DB, email string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var u User
		err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("email = ?", email).First(&u).Error // want `FOR UPDATE locks no row when none is found`
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return tx.Create(&User{Email: email}).Error
		}
		return err
	})
}

type Org struct{ ID uint }

type Seat struct {
	OrgID uint
	Email string
}

// Near miss: the organisation, which every caller locks first, is locked
// before the check for the missing seat.
func addSeatLockingOrg(db *gorm.DB, org uint, email string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var o Org
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&o, org).Error; err != nil {
			return err
		}
		var s Seat
		err := tx.Where("org_id = ? AND email = ?", org, email).First(&s).Error
		if errors.Is(err, gorm.ErrRecordNotFound) {
			return tx.Create(&Seat{OrgID: org, Email: email}).Error
		}
		return err
	})
}

// gorm Save of a new record without its primary key inserts: a race.
func registerSave(db *gorm.DB, email string) error {
	var u User
	err := db.Where("email = ?", email).First(&u).Error // want `check-then-act race: the existence check First`
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Save(&User{Email: email}).Error
	}
	return err
}

// Near miss: Save of a record whose primary key is set is an upsert.
func registerSaveWithKey(db *gorm.DB, id uint, email string) error {
	var u User
	err := db.Where("email = ?", email).First(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Save(&User{ID: id, Email: email}).Error
	}
	return err
}

func registerVar(db *gorm.DB, email string) error {
	var u User
	err := db.Where("email = ?", email).First(&u).Error // want `check-then-act race: the existence check First`
	if errors.Is(err, gorm.ErrRecordNotFound) {
		nu := User{Email: email}
		return db.Create(&nu).Error
	}
	return err
}

// Near miss: the record built in a variable is keyed by another value than
// the one checked.
func registerVarInvited(db *gorm.DB, email, invited string) error {
	var u User
	err := db.Where("email = ?", email).First(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		nu := User{Email: invited}
		return db.Create(&nu).Error
	}
	return err
}
