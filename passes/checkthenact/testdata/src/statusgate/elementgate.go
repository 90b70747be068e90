package statusgate

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// The state is an element of a collection the record holds: each of a
// user's recovery codes carries its own Used flag, in a JSON column.
type BackupCode struct {
	Code     string
	Used     bool
	LastSeen time.Time
}

type Login struct {
	ID    uint
	Codes []BackupCode `gorm:"serializer:json"`
}

type LoginSession struct {
	ID      uint
	LoginID uint
}

var errCodeUsed = errors.New("code used")

// Two logins with one code both find it unused and both get a session.
func LoginWithCode(ctx context.Context, db *gorm.DB, id uint, code string) error {
	var l Login
	if err := db.WithContext(ctx).First(&l, id).Error; err != nil { // want `status-gate race: Used read here is tested, then Create at line \d+ and the state write at line \d+`
		return err
	}
	for i := range l.Codes {
		if l.Codes[i].Code != code {
			continue
		}
		if l.Codes[i].Used {
			return errCodeUsed
		}
		if err := db.WithContext(ctx).Create(&LoginSession{LoginID: l.ID}).Error; err != nil {
			return err
		}
		l.Codes[i].Used = true
		return db.WithContext(ctx).Save(&l).Error
	}
	return errCodeUsed
}

// The same, the codes ranged over by value.
func LoginWithCodeRanged(ctx context.Context, db *gorm.DB, id uint, code string) error {
	var l Login
	if err := db.WithContext(ctx).First(&l, id).Error; err != nil { // want `status-gate race: Used read here is tested, then Create at line \d+ and the state write at line \d+`
		return err
	}
	for i, c := range l.Codes {
		if c.Code != code || c.Used {
			continue
		}
		if err := db.WithContext(ctx).Create(&LoginSession{LoginID: l.ID}).Error; err != nil {
			return err
		}
		l.Codes[i].Used = true
		return db.WithContext(ctx).Save(&l).Error
	}
	return errCodeUsed
}

// Near miss: the save writes another field of the code; the code stays
// reusable by design (a device's last sighting, not a one-time use).
func TouchCode(ctx context.Context, db *gorm.DB, id uint, code string) error {
	var l Login
	if err := db.WithContext(ctx).First(&l, id).Error; err != nil {
		return err
	}
	for i := range l.Codes {
		if l.Codes[i].Code != code || l.Codes[i].Used {
			continue
		}
		if err := db.WithContext(ctx).Create(&LoginSession{LoginID: l.ID}).Error; err != nil {
			return err
		}
		l.Codes[i].LastSeen = time.Now()
		return db.WithContext(ctx).Save(&l).Error
	}
	return errCodeUsed
}

// Near miss: the record is read under a row lock in the transaction that
// saves it, so the second login waits and then sees the code used.
func LoginWithCodeLocked(ctx context.Context, db *gorm.DB, id uint, code string) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var l Login
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&l, id).Error; err != nil {
			return err
		}
		for i := range l.Codes {
			if l.Codes[i].Code != code {
				continue
			}
			if l.Codes[i].Used {
				return errCodeUsed
			}
			if err := tx.Create(&LoginSession{LoginID: l.ID}).Error; err != nil {
				return err
			}
			l.Codes[i].Used = true
			return tx.Save(&l).Error
		}
		return errCodeUsed
	})
}
