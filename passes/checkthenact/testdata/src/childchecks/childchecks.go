// Package childchecks holds records read with their children and asked
// whether they have one, before an insert of that child.
package childchecks

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Role struct {
	UserID uint
	Name   string
}

type AuditEntry struct {
	UserID uint
	What   string
}

type User struct {
	ID    uint
	Roles []Role
}

// HasRole asks whether the user holds the role, from the roles loaded
// with it.
func (u *User) HasRole(name string) bool {
	for _, r := range u.Roles {
		if r.Name == name {
			return true
		}
	}
	return false
}

// Two grants of one role both find it missing and both add it.
func Grant(ctx context.Context, db *gorm.DB, id uint, role string) error {
	var u User
	if err := db.First(&u, id).Error; err != nil { // want `check-then-act race: the record read here is asked HasRole at line \d+, and the insert at line \d+ adds what it lacks`
		return err
	}
	if u.HasRole(role) {
		return nil
	}
	return db.Create(&Role{UserID: id, Name: role}).Error
}

// Near miss: the insert is conditional on the role's unique key, so the
// second grant adds nothing.
func GrantOnce(ctx context.Context, db *gorm.DB, id uint, role string) error {
	var u User
	if err := db.First(&u, id).Error; err != nil {
		return err
	}
	if u.HasRole(role) {
		return nil
	}
	return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Role{UserID: id, Name: role}).Error
}

// Near miss: what is inserted on the "missing" branch is not the child
// asked about.
func DenyAudit(ctx context.Context, db *gorm.DB, id uint, role string) error {
	var u User
	if err := db.First(&u, id).Error; err != nil {
		return err
	}
	if u.HasRole(role) {
		return nil
	}
	return db.Create(&AuditEntry{UserID: id, What: "denied " + role}).Error
}

// Near miss: the child is added on the branch where the record already
// has it (a second role row is what the code asks for).
func Renew(ctx context.Context, db *gorm.DB, id uint, role string) error {
	var u User
	if err := db.First(&u, id).Error; err != nil {
		return err
	}
	if !u.HasRole(role) {
		return nil
	}
	return db.Create(&Role{UserID: id, Name: role + "-renewed"}).Error
}
