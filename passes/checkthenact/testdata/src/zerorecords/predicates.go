package zerorecords

import (
	"errors"

	"gorm.io/gorm"
)

type Room struct {
	ID   int64
	Name string
	stub bool
}

// IsStub is a state of a room that was found: its events have not
// arrived yet.
func (r *Room) IsStub() bool { return r.stub }

// Exists says whether the lookup found a room at all.
func (r *Room) Exists() bool { return r != nil && r.ID != 0 }

// findRoom answers nil and no error when no room has the name.
func findRoom(db *gorm.DB, name string) (*Room, error) {
	var r Room
	err := db.Where("name = ?", name).First(&r).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &r, err
}

// A predicate named for presence answers the check.
func openRoom(db *gorm.DB, name string) error {
	r, err := findRoom(db, name) // want `check-then-act race: the existence check findRoom`
	if err != nil {
		return err
	}
	if r.Exists() {
		return nil
	}
	return db.Create(&Room{Name: name}).Error
}

// Near miss: IsStub tests a room the read found; the write runs only
// when there is one, so no two callers both find it absent.
func reopenRoom(db *gorm.DB, name string) error {
	r, err := findRoom(db, name)
	if err != nil {
		return err
	}
	if r == nil || r.IsStub() {
		return errors.New("no such room")
	}
	return db.Create(&Room{Name: name}).Error
}
