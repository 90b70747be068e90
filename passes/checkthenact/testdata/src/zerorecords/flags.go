package zerorecords

import (
	"errors"

	"gorm.io/gorm"
)

// userWithFlag says whether the user was found in a bool named has, as
// xorm's Get does.
func userWithFlag(db *gorm.DB, name string) (u User, has bool, err error) {
	res := db.Where("name = ?", name).Find(&u)
	return u, res.RowsAffected > 0, res.Error
}

func signUpFlag(db *gorm.DB, name string) error {
	_, has, err := userWithFlag(db, name) // want `check-then-act race: the existence check userWithFlag`
	if err != nil {
		return err
	}
	if !has {
		return db.Create(&User{Name: name}).Error
	}
	return nil
}

// userRole's bool is no found flag: it says whether the user found is an
// administrator.
func userRole(db *gorm.DB, name string) (u User, admin bool, err error) {
	res := db.Where("name = ?", name).First(&u)
	return u, u.Nickname == "root", res.Error
}

// Near miss: a branch on a bool result named for something else.
func promote(db *gorm.DB, name string) error {
	_, admin, err := userRole(db, name)
	if err != nil {
		return err
	}
	if !admin {
		return db.Create(&User{Name: name, Nickname: "guest"}).Error
	}
	return nil
}

type cache struct{ users map[string]User }

// cached says whether the user is in the process's cache.
func (c *cache) cached(name string) (u User, found bool) {
	u, found = c.users[name]
	return u, found
}

// Near miss: a found flag from a cache only, whose absent branch fills
// the cache.
func (c *cache) user(db *gorm.DB, name string) User {
	u, found := c.cached(name)
	if !found {
		u = findUser(db, name)
		c.users[name] = u
	}
	return u
}

// Users is the module's service interface; its checks answer with a
// message or an error, empty or nil when the name is free.
type Users interface {
	CheckUserExists(name string) string
	CheckNameTaken(name string) error
	ValidateName(name string) string
	ValidateNameForm(name string) error
}

type userService struct{ db *gorm.DB }

func (s *userService) CheckUserExists(name string) string {
	var n int64
	s.db.Model(&User{}).Where("name = ?", name).Count(&n)
	if n > 0 {
		return "user already exists"
	}
	return ""
}

func (s *userService) CheckNameTaken(name string) error {
	var n int64
	s.db.Model(&User{}).Where("name = ?", name).Count(&n)
	if n > 0 {
		return errors.New("name taken")
	}
	return nil
}

// ValidateNameForm reads nothing: its error is about the name's form.
func (s *userService) ValidateNameForm(name string) error {
	if len(name) > 32 {
		return errors.New("name too long")
	}
	return nil
}

// ValidateName reads nothing: its message is about the name's form.
func (s *userService) ValidateName(name string) string {
	if len(name) > 32 {
		return "name too long"
	}
	return ""
}

func register(db *gorm.DB, svc Users, name string) error {
	if msg := svc.CheckUserExists(name); msg == "" { // want `check-then-act race: the existence check CheckUserExists`
		return db.Create(&User{Name: name}).Error
	}
	return nil
}

func registerErr(db *gorm.DB, svc Users, name string) error {
	if err := svc.CheckNameTaken(name); err != nil { // want `check-then-act race: the existence check CheckNameTaken`
		return err
	}
	return db.Create(&User{Name: name}).Error
}

// Near miss: the message is a validation of the name's form, no check.
func registerValidated(db *gorm.DB, svc Users, name string) error {
	if msg := svc.ValidateName(name); msg == "" {
		return db.Create(&User{Name: name}).Error
	}
	return nil
}

// Near miss: the error is a validation of the name's form, no check.
func registerFormChecked(db *gorm.DB, svc Users, name string) error {
	if err := svc.ValidateNameForm(name); err != nil {
		return err
	}
	return db.Create(&User{Name: name}).Error
}
