package fixes

import (
	"errors"

	"gorm.io/gorm"
)

// gorm flattens an embedded struct into the model's columns, and its tags
// with them: the unique index a shared struct declares is the model's.

// Coded is embedded anonymously: its code column is unique in every model
// that embeds it.
type Coded struct {
	Code string `gorm:"uniqueIndex"`
}

type GiftCard struct {
	ID uint
	Coded
}

func gormEmbedded(db *gorm.DB, code string) error {
	var g GiftCard
	err := db.Where("code = ?", code).First(&g).Error // want `check-then-act race: [^;]*$`
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&GiftCard{Coded: Coded{Code: code}}).Error
	}
	return err
}

// Contact is embedded with a prefix: its unique email is owner_email.
type Contact struct {
	Email string `gorm:"uniqueIndex"`
	Name  string
}

type Workspace struct {
	ID      uint
	Owner   Contact `gorm:"embedded;embeddedPrefix:owner_"`
	Billing Contact `gorm:"embedded;embedded_prefix:billing_"` // gorm v1's spelling
}

func gormEmbeddedPrefix(db *gorm.DB, email string) error {
	var w Workspace
	err := db.Where("owner_email = ?", email).First(&w).Error // want `check-then-act race: [^;]*$`
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&Workspace{Owner: Contact{Email: email}}).Error
	}
	return err
}

func gormEmbeddedPrefixV1(db *gorm.DB, email string) error {
	var w Workspace
	err := db.Where("billing_email = ?", email).First(&w).Error // want `check-then-act race: [^;]*$`
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&Workspace{Billing: Contact{Email: email}}).Error
	}
	return err
}

// No fix: the embedded struct's code has an index, not a unique one.
type Labelled struct {
	Label string `gorm:"index"`
}

type Tag struct {
	ID uint
	Labelled
}

func gormEmbeddedNotUnique(db *gorm.DB, label string) error {
	var t Tag
	err := db.Where("label = ?", label).First(&t).Error // want `; no fix: Tag declares no unique key on label \(a gorm:"uniqueIndex" tag, or a unique constraint on tags in the module's schema\), so a conditional create would store both rows; add one first \(CREATE UNIQUE INDEX CONCURRENTLY tags_label_key ON tags \(label\)\), or claim the key with runtime/claim$`
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&Tag{Labelled: Labelled{Label: label}}).Error
	}
	return err
}

// No fix: the unique column is owner_email; the check looks up a column
// named email, which the prefix leaves to no unique key.
type Team struct {
	ID    uint
	Email string
	Owner Contact `gorm:"embedded;embeddedPrefix:owner_"`
}

func gormEmbeddedUnprefixed(db *gorm.DB, email string) error {
	var t Team
	err := db.Where("email = ?", email).First(&t).Error // want `; no fix: Team declares no unique key on email \(a gorm:"uniqueIndex" tag, or a unique constraint on teams in the module's schema\)`
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return db.Create(&Team{Email: email}).Error
	}
	return err
}
