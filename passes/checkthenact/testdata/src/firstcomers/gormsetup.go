package firstcomers

import (
	"errors"

	"gorm.io/gorm"
)

// A first-run setup that makes its caller the administrator when no
// account exists yet. The accounts' unique username answers two sign-ups
// of one name, not two setups with different names: both count nothing,
// and both become administrators.

type Account struct {
	ID       string
	Username string
	IsAdmin  bool
}

const serviceAccountID = "service"

var (
	errSetupDone = errors.New("setup already done")
	errTaken     = errors.New("username taken")
)

func setupCompleted(db *gorm.DB) (bool, error) {
	var n int64
	if err := db.Model(&Account{}).Where("id != ?", serviceAccountID).Count(&n).Error; err != nil {
		return false, err
	}
	return n != 0, nil
}

func createAccount(tx *gorm.DB, name string, admin bool) (Account, error) {
	a := Account{Username: name, IsAdmin: admin}
	err := tx.Create(&a).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return Account{}, errTaken
	}
	return a, err
}

func SetupFirstAdmin(db *gorm.DB, name string) (Account, error) {
	tx := db.Begin()
	defer tx.Rollback()
	done, err := setupCompleted(tx) // want `check-then-act race`
	if err != nil {
		return Account{}, err
	}
	if done {
		return Account{}, errSetupDone
	}
	a, err := createAccount(tx, name, true)
	if err != nil {
		return Account{}, err
	}
	return a, tx.Commit().Error
}

func usernameTaken(db *gorm.DB, name string) (bool, error) {
	var n int64
	if err := db.Model(&Account{}).Where("username = ?", name).Count(&n).Error; err != nil {
		return false, err
	}
	return n > 0, nil
}

// Near miss: the check is of the name the insert stores, and the unique
// username answers the second sign-up with errTaken.
func SignUpNamed(db *gorm.DB, name string) (Account, error) {
	taken, err := usernameTaken(db, name)
	if err != nil {
		return Account{}, err
	}
	if taken {
		return Account{}, errTaken
	}
	return createAccount(db, name, false)
}

type Setting struct {
	Name  string
	Value string
}

var errInstalled = errors.New("already installed")

func installed(db *gorm.DB) (bool, error) {
	var n int64
	if err := db.Model(&Setting{}).Where("name = ?", "installed").Count(&n).Error; err != nil {
		return false, err
	}
	return n > 0, nil
}

func markInstalled(db *gorm.DB) error {
	err := db.Create(&Setting{Name: "installed", Value: "yes"}).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return errInstalled
	}
	return err
}

// Near miss: the row the setup inserts is a fixed one, and its unique
// name answers the second setup with errInstalled.
func Install(db *gorm.DB) error {
	done, err := installed(db)
	if err != nil {
		return err
	}
	if done {
		return errInstalled
	}
	return markInstalled(db)
}

type SigningKeys struct {
	ID      int
	Private string
	Public  string
}

func generateSigningKeys() (string, string) { return "priv", "pub" }

func currentSigningKeys(db *gorm.DB) (*SigningKeys, error) {
	var k SigningKeys
	err := db.First(&k).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	return &k, err
}

// Near miss: the one key pair is generated on first use under a fixed
// id; the second maker's insert fails on it and reads the winner's pair.
func SigningKeysOrNew(db *gorm.DB) (*SigningKeys, error) {
	k, err := currentSigningKeys(db)
	if err != nil {
		return nil, err
	}
	if k != nil {
		return k, nil
	}
	k = &SigningKeys{}
	k.Private, k.Public = generateSigningKeys()
	if err := db.Create(k).Error; err != nil {
		if errors.Is(err, gorm.ErrDuplicatedKey) {
			return currentSigningKeys(db)
		}
		return nil, err
	}
	return k, nil
}
