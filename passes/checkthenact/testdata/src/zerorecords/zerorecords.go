// Package zerorecords holds the shapes in which a service's helpers say
// "not found" without an error: a zero record, a found flag, a message.
package zerorecords

import (
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type User struct {
	ID       int64
	Name     string
	Nickname string
}

// findUser swallows the read's error: a missing user comes back as the
// zero User.
func findUser(db *gorm.DB, name string) User {
	var u User
	db.Where("name = ?", name).First(&u)
	return u
}

func signUp(db *gorm.DB, name string) error {
	u := findUser(db, name) // want `check-then-act race: the existence check findUser`
	if u.ID == 0 {
		return db.Create(&User{Name: name}).Error
	}
	return nil
}

// The key tested for presence: ID > 0 is the found row.
func signUpPresent(db *gorm.DB, name string) error {
	u := findUser(db, name) // want `check-then-act race: the existence check findUser`
	if u.ID > 0 {
		return nil
	}
	return db.Create(&User{Name: name}).Error
}

// Near miss: the same presence test before an insert that picks one
// winner.
func signUpPresentOnConflict(db *gorm.DB, name string) error {
	u := findUser(db, name)
	if u.ID > 0 {
		return nil
	}
	return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&User{Name: name}).Error
}

// userByName turns gorm's not-found into the zero User and no error.
func userByName(db *gorm.DB, name string) (User, error) {
	var u User
	err := db.Where("name = ?", name).First(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return User{}, nil
	}
	return u, err
}

// userForHook is the wrapper the handler calls: the zero value on
// absence travels through it.
func userForHook(db *gorm.DB, name string) (User, error) {
	u, err := userByName(db, name)
	if err != nil {
		return User{}, err
	}
	return u, nil
}

// Two helpers down, the caller tests the field it looked the user up by.
func hookSignUp(db *gorm.DB, name string) error {
	u, err := userForHook(db, name) // want `check-then-act race: the existence check userForHook`
	if err != nil {
		return err
	}
	if u.Name == "" {
		return db.Create(&User{Name: name}).Error
	}
	return nil
}

// loadUser returns gorm's not-found as an error: the user it returns
// was found.
func loadUser(db *gorm.DB, name string) (User, error) {
	var u User
	err := db.Where("name = ?", name).First(&u).Error
	return u, err
}

// Near miss: after a read that found the row, an empty Name is a row
// without one, not a missing row.
func renameLoaded(db *gorm.DB, name string) error {
	u, err := loadUser(db, name)
	if err != nil {
		return err
	}
	if u.Name == "" {
		return db.Create(&User{Name: name, Nickname: "copy"}).Error
	}
	return nil
}

// Near miss: a field that is neither the key nor what the user was
// looked up by says nothing about absence, even from a helper that
// returns the zero User when the row is missing.
func nicknameDefault(db *gorm.DB, name string) error {
	u, err := userForHook(db, name)
	if err != nil {
		return err
	}
	if u.Nickname == "" {
		return db.Create(&User{Name: name, Nickname: name}).Error
	}
	return nil
}

// userByNameAffected learns absence from RowsAffected.
func userByNameAffected(db *gorm.DB, name string) (User, error) {
	var u User
	res := db.Where("name = ?", name).Find(&u)
	if res.Error != nil {
		return User{}, res.Error
	}
	if res.RowsAffected == 0 {
		return User{}, nil
	}
	return u, nil
}

// The whole record compared with the zero User.
func signUpZeroRecord(db *gorm.DB, name string) error {
	u, err := userByNameAffected(db, name) // want `check-then-act race: the existence check userByNameAffected`
	if err != nil {
		return err
	}
	if u == (User{}) {
		return db.Create(&User{Name: name}).Error
	}
	return nil
}

// Near miss: the zero-record test of a record the caller built itself,
// not one a read returned.
func signUpBuilt(db *gorm.DB, name string) error {
	if _, err := userByNameAffected(db, name); err != nil {
		return err
	}
	u := User{Name: name}
	if u == (User{}) {
		return nil
	}
	return db.Create(&u).Error
}

// GetUserByName names the field it looks the user up by; its parameter
// does not.
func GetUserByName(db *gorm.DB, n string) (User, error) {
	var u User
	if err := db.Where("name = ?", n).First(&u).Error; err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return User{}, err
	}
	return u, nil
}

func signUpByName(db *gorm.DB, n string) error {
	u, err := GetUserByName(db, n) // want `check-then-act race: the existence check GetUserByName`
	if err != nil {
		return err
	}
	if u.Name == "" {
		return db.Create(&User{Name: n}).Error
	}
	return nil
}
