package zerorecords

import (
	"time"

	"gorm.io/gorm"
)

type Member struct {
	ID         int64
	Email      string
	CreatedAt  time.Time
	VerifiedAt time.Time
}

// findMember answers the zero Member when none has the address.
func findMember(db *gorm.DB, email string) Member {
	var m Member
	db.Where("email = ?", email).First(&m)
	return m
}

// A stored member always has its creation time: zero is "not found".
func join(db *gorm.DB, email string) error {
	m := findMember(db, email) // want `check-then-act race: the existence check findMember`
	if m.CreatedAt.IsZero() {
		return db.Create(&Member{Email: email}).Error
	}
	return nil
}

// Near miss: a zero VerifiedAt marks a member found but not verified; it
// says nothing of whether the read found a row, so the create below is
// not on an absent branch.
func remind(db *gorm.DB, email string) error {
	m := findMember(db, email)
	if m.VerifiedAt.IsZero() {
		return db.Create(&Member{Email: email, VerifiedAt: time.Now()}).Error
	}
	return nil
}
