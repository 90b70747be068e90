// Package nextkeys makes a new row's key from the highest stored one.
package nextkeys

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"strconv"

	"nextkeys/model"
)

// Two first sign-ins both read the same last id and both insert the user
// named github_<id+1>: the unique username fails the loser.
func SignUpGitHub(name string) error {
	user := model.User{}
	user.Username = "github_" + strconv.Itoa(model.GetMaxUserId()+1) // want `next-key race: GetMaxUserId reads the current maximum and the insert at line \d+ stores a value computed from it`
	return user.Insert()
}

// Near miss: the name's suffix is random, not the maximum plus one.
func SignUpRandom(name string) error {
	buf := make([]byte, 4)
	if _, err := rand.Read(buf); err != nil {
		return err
	}
	user := model.User{Username: "github_" + hex.EncodeToString(buf)}
	return user.Insert()
}

// Near miss: the next number is only shown, nothing stores it.
func NextName() string {
	return fmt.Sprintf("github_%d", model.GetMaxUserId()+1)
}

// Near miss: a count, not a maximum, numbers the display name of a user
// inserted under a name of its own.
func SignUpCounted(name string) error {
	user := model.User{Username: name}
	if model.CountUsers()+1 > 1000 {
		return fmt.Errorf("full")
	}
	return user.Insert()
}

// The next value passed to the insert directly.
func SignUpDirect() error {
	next := model.GetMaxUserId() + 1 // want `next-key race: GetMaxUserId reads the current maximum`
	return model.DB.Create(&model.User{Id: next}).Error
}
