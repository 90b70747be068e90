package gormcheck

import (
	"errors"

	"gorm.io/gorm"
)

// A sign-in through a provider: the provider's answer to the code is
// looked up by several of its fields in one helper that returns nil when
// none matches, and the account is then built from those fields and
// inserts itself (one-hub's getUserByGitHub, then user.Insert(inviterId)).

type ProviderUser struct {
	ID    int
	Login string
	Email string
}

type Account struct {
	ID        uint
	GitHubID  int
	Login     string
	Email     string
	InvitedBy int
}

var providerDB *gorm.DB

func fetchProviderUser(code string) (*ProviderUser, error) {
	if code == "" {
		return nil, errors.New("no code")
	}
	return &ProviderUser{Login: code}, nil
}

func findAccount(db *gorm.DB, field string, value interface{}) (*Account, error) {
	var a Account
	if err := db.Where(field+" = ?", value).First(&a).Error; err != nil {
		return nil, err
	}
	return &a, nil
}

func accountTaken(db *gorm.DB, field string, value interface{}) bool {
	var n int64
	db.Model(&Account{}).Where(field+" = ?", value).Count(&n)
	return n > 0
}

func accountOf(db *gorm.DB, pu *ProviderUser) (*Account, error) {
	if accountTaken(db, "github_id", pu.ID) {
		return findAccount(db, "github_id", pu.ID)
	}
	if accountTaken(db, "email", pu.Email) {
		return findAccount(db, "email", pu.Email)
	}
	return nil, nil
}

// Insert stores the account, crediting whoever invited it.
func (a *Account) Insert(inviter int) error {
	a.InvitedBy = inviter
	return providerDB.Create(a).Error
}

func signInWithGitHub(db *gorm.DB, code string, inviter int) error {
	pu, err := fetchProviderUser(code)
	if err != nil {
		return err
	}
	acct, err := accountOf(db, pu) // want `check-then-act race: the existence check accountOf`
	if err != nil || acct != nil {
		return err
	}
	acct = &Account{GitHubID: pu.ID, Login: pu.Login, Email: pu.Email}
	return acct.Insert(inviter)
}

// Near miss: the account inserted is built from another provider answer
// than the one looked up.
func signInWithOtherAnswer(db *gorm.DB, code, other string, inviter int) error {
	pu, err := fetchProviderUser(code)
	if err != nil {
		return err
	}
	acct, err := accountOf(db, pu)
	if err != nil || acct != nil {
		return err
	}
	fresh, err := fetchProviderUser(other)
	if err != nil {
		return err
	}
	acct = &Account{GitHubID: fresh.ID, Login: fresh.Login, Email: fresh.Email}
	return acct.Insert(inviter)
}
