// Package model holds gorm model helpers: the highest user id, and an
// insert of a user.
package model

import "gorm.io/gorm"

var DB *gorm.DB

type User struct {
	Id       int
	Username string
}

// GetMaxUserId returns the id of the last user.
func GetMaxUserId() int {
	var user User
	DB.Where("id = (SELECT MAX(id) FROM users)").First(&user)
	return user.Id
}

// CountUsers returns how many users there are.
func CountUsers() int {
	var n int64
	DB.Model(&User{}).Count(&n)
	return int(n)
}

// Insert creates the user.
func (u *User) Insert() error {
	return DB.Create(u).Error
}

// GetHighestUserID returns the highest id, and the read's error.
func GetHighestUserID() (int, error) {
	var user User
	err := DB.Where("id = (SELECT MAX(id) FROM users)").First(&user).Error
	return user.Id, err
}
