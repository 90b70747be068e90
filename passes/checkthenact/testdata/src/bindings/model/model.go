// Package model holds gorm model helpers: existence checks of a value
// and a method that writes the record back.
package model

import (
	"context"
	"errors"
	"fmt"

	"github.com/redis/go-redis/v9"
	"gorm.io/gorm"
)

var DB *gorm.DB

type User struct {
	Id          int
	Email       string
	GitHubId    string
	AccessToken string
}

// IsGitHubIdTaken reports whether some user holds githubId.
func IsGitHubIdTaken(githubId string) bool {
	return DB.Where("github_id = ?", githubId).Find(&User{}).RowsAffected == 1
}

// IsEmailTaken reports whether some user holds email.
func IsEmailTaken(email string) bool {
	return DB.Where("email = ?", email).Find(&User{}).RowsAffected == 1
}

// IsAccessTokenTaken reports whether some user holds token.
func IsAccessTokenTaken(token string) bool {
	return DB.Where("access_token = ?", token).Find(&User{}).RowsAffected == 1
}

// FillById loads the user by its id.
func (u *User) FillById() error {
	if u.Id == 0 {
		return errors.New("id is empty")
	}
	return DB.Where(User{Id: u.Id}).First(u).Error
}

// Update writes the user back.
func (u *User) Update() error {
	return DB.Model(u).Updates(u).Error
}

// UpdateUser writes the user back.
func UpdateUser(u *User) error {
	return DB.Model(u).Updates(u).Error
}

// BindGitHubIdIfFree writes githubId onto the user only where no user
// holds it, in one statement: rows affected says who won.
func BindGitHubIdIfFree(u *User, githubId string) (bool, error) {
	res := DB.Exec("UPDATE users SET github_id = ? WHERE id = ? AND NOT EXISTS (SELECT 1 FROM users WHERE github_id = ?)", githubId, u.Id, githubId)
	return res.RowsAffected == 1, res.Error
}

// Cache holds each user's cached group.
var Cache *redis.Client

// UpdateEvicting writes the user back, leaving its counters alone, and
// evicts its cached group.
func (u *User) UpdateEvicting() error {
	err := DB.Model(u).Omit("quota", "used_quota").Updates(u).Error
	Cache.Del(context.Background(), fmt.Sprintf("user_group:%d", u.Id))
	return err
}
