package statusgate

import (
	"errors"

	"gorm.io/gorm"
)

// An access check on a subscriber, then a helper of this package that counts
// a failed sign-in and saves the subscriber: the save moves the state only
// when the helper assigns the tested field, which its FieldWrites says.

// Subscriber is a sign-in account with its lock and its failure count.
type Subscriber struct {
	ID           uint
	Locked       bool
	Password     string
	FailedLogins int
	SponsorID    uint
}

// FailedSignIn is a row per failed sign-in.
type FailedSignIn struct {
	ID           uint
	SubscriberID uint
}

var errSubscriberLocked = errors.New("subscriber locked")

// Two sign-ins both see the subscriber unlocked, both record a failed attempt
// and both lock the subscriber.
func signInLocking(db *gorm.DB, id uint, password string) error {
	var m Subscriber
	if err := db.First(&m, id).Error; err != nil { // want `status-gate race: Locked read here is tested, then lockAfterFailure at line \d+ acts and writes the state`
		return err
	}
	if m.Locked {
		return errSubscriberLocked
	}
	return lockAfterFailure(db, &m, password)
}

func lockAfterFailure(db *gorm.DB, m *Subscriber, password string) error {
	if m.Password == password {
		return nil
	}
	if err := db.Create(&FailedSignIn{SubscriberID: m.ID}).Error; err != nil {
		return err
	}
	m.Locked = true
	return db.Save(m).Error
}

// Near miss: the helper counts the failure on the subscriber it is passed and
// unlocks another subscriber (the sponsor) two calls down; Locked of the
// subscriber the caller tested is assigned by nobody: one attempt recorded
// per sign-in, as designed. The failure count the helper adds to the
// caller's copy and saves is a lost update all the same (two failed
// sign-ins both read 3 and both write 4).
func signInCounting(db *gorm.DB, id uint, password string) error {
	var m Subscriber
	if err := db.First(&m, id).Error; err != nil { // want `lost update: FailedLogins read here is handed to countFailure`
		return err
	}
	if m.Locked {
		return errSubscriberLocked
	}
	return countFailure(db, &m, password)
}

func countFailure(db *gorm.DB, m *Subscriber, password string) error {
	if m.Password == password {
		return unlockSponsor(db, m.SponsorID)
	}
	if err := db.Create(&FailedSignIn{SubscriberID: m.ID}).Error; err != nil {
		return err
	}
	m.FailedLogins++
	return db.Save(m).Error
}

// unlockSponsor saves the sponsor whole: a failed sign-in counted for
// the sponsor (countFailure) between its read and its save is undone.
func unlockSponsor(db *gorm.DB, id uint) error {
	var sponsor Subscriber
	if err := db.First(&sponsor, id).Error; err != nil { // want `lost update: the subscriber row read here is saved whole at line \d+ with every column as read, FailedLogins among them, which countFailure`
		return err
	}
	sponsor.Locked = false
	return db.Save(&sponsor).Error
}
