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

// Near miss for the next key: a count, not a maximum, and nothing is
// numbered by it. It is a limit (1000 users) that two sign-ups both pass.
func SignUpCounted(name string) error {
	user := model.User{Username: name}
	if model.CountUsers()+1 > 1000 { // want `limit race: the count CountUsers is compared with a limit at line \d+`
		return fmt.Errorf("full")
	}
	return user.Insert()
}

// The next value passed to the insert directly.
func SignUpDirect() error {
	next := model.GetMaxUserId() + 1 // want `next-key race: GetMaxUserId reads the current maximum`
	return model.DB.Create(&model.User{Id: next}).Error
}

// The maximum handed back with the read's error, incremented in place.
func SignUpNumbered() error {
	n, err := model.GetHighestUserID() // want `next-key race: GetHighestUserID reads the current maximum`
	if err != nil {
		return err
	}
	n++
	return model.DB.Create(&model.User{Id: n}).Error
}

// Near miss: the highest id is only reported.
func HighestShown() (string, error) {
	n, err := model.GetHighestUserID()
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("user %d", n+1), nil
}
