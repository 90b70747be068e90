package gormcheck

import (
	"errors"
	"fmt"

	"gorm.io/gorm"
)

// A generic existence helper takes the model from its caller (one-hub's
// RecordExists(&User{}, "username", name, nil)); the caller's model names
// the table the check reads.

type Member struct {
	ID       uint
	Username string
}

type Team struct {
	ID   uint
	Name string
}

func recordExists(db *gorm.DB, table interface{}, field string, value interface{}, except interface{}) bool {
	var n int64
	query := db.Model(table).Where(fmt.Sprintf("%s = ?", field), value)
	if except != nil {
		query = query.Not("id", except)
	}
	query.Count(&n)
	return n > 0
}

func addMember(db *gorm.DB, name string) error {
	if recordExists(db, &Member{}, "username", name, nil) { // want `check-then-act race: the existence check recordExists`
		return errors.New("username taken")
	}
	return db.Create(&Member{Username: name}).Error
}

// Near miss: the check reads another table than the insert writes.
func addMemberOfTeam(db *gorm.DB, team, name string) error {
	if !recordExists(db, &Team{}, "name", team, nil) {
		return errors.New("no such team")
	}
	return db.Create(&Member{Username: name}).Error
}
