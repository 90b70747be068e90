// Package db declares the service's storage interface and nothing else:
// packages that use it import no database library at all.
package db

import "errors"

var ErrNotFound = errors.New("not found")

type User struct {
	ID       int
	Username string
	Email    string
}

type Store interface {
	GetUserByLoginOrEmail(login, email string) (User, error)
	CreateUserWithoutPassword(user User) (User, error)
	CreateSession(userID int) error
}
