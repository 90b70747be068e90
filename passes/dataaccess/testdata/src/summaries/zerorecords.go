package summaries

import (
	"context"
	"database/sql"
	"errors"

	"gorm.io/gorm"
	"xorm.io/xorm"
)

type User struct {
	ID   int64
	Name string
}

// The read's error is swallowed: a missing user is the zero User.
func findUser(db *gorm.DB, name string) User { // want findUser:"^read .*zerowhenabsent=true"
	var u User
	db.Where("name = ?", name).First(&u)
	return u
}

// gorm's not-found turned into the zero User and no error.
func userByName(db *gorm.DB, name string) (User, error) { // want userByName:"^read .*zerowhenabsent=true"
	var u User
	err := db.Where("name = ?", name).First(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return User{}, nil
	}
	return u, err
}

// A wrapper returns what userByName returned: the zero User still means
// absent, two helpers down.
func userForHook(db *gorm.DB, name string) (User, error) { // want userForHook:"^read .*zerowhenabsent=true"
	u, err := userByName(db, name)
	if err != nil {
		return User{}, err
	}
	return u, nil
}

// No rows affected, no error: the zero User.
func userByNameAffected(db *gorm.DB, name string) (User, error) { // want userByNameAffected:"^read .*zerowhenabsent=true"
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

// Near miss: not-found is returned as an error.
func loadUser(db *gorm.DB, name string) (User, error) { // want loadUser:"^read .*zerowhenabsent=false"
	var u User
	err := db.Where("name = ?", name).First(&u).Error
	return u, err
}

// Near miss: a wrapper of loadUser, whose zero User comes with its error.
func loadUserForHook(db *gorm.DB, name string) (User, error) { // want loadUserForHook:"^read .*zerowhenabsent=false"
	u, err := loadUser(db, name)
	if err != nil {
		return User{}, err
	}
	return u, nil
}

// Near miss: a pointer result says absent with nil, not a zero record.
func findUserPtr(db *gorm.DB, name string) *User { // want findUserPtr:"^read .*zerowhenabsent=false"
	var u User
	if db.Where("name = ?", name).First(&u).Error != nil {
		return nil
	}
	return &u
}

// Only errors other than not-found are returned: a missing user falls
// through as the zero User the read left.
func userIgnoringNotFound(db *gorm.DB, name string) (User, error) { // want userIgnoringNotFound:"^read .*zerowhenabsent=true"
	var u User
	if err := db.Where("name = ?", name).First(&u).Error; err != nil && !errors.Is(err, gorm.ErrRecordNotFound) {
		return User{}, err
	}
	return u, nil
}

var errNoUser = errors.New("no such user")

// Near miss: not-found is mapped to an error of the module's own.
func userOrErrNoUser(db *gorm.DB, name string) (User, error) { // want userOrErrNoUser:"^read .*zerowhenabsent=false"
	var u User
	err := db.Where("name = ?", name).First(&u).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return User{}, errNoUser
	}
	return u, err
}

// xorm's Get says whether a row was there; with none, its nil error goes
// back beside the zero User.
func userByNameXorm(engine *xorm.Engine, name string) (User, error) { // want userByNameXorm:"^exists .*zerowhenabsent=true"
	var u User
	has, err := engine.Where("name = ?", name).Get(&u)
	if err != nil || !has {
		return User{}, err
	}
	return u, nil
}

// Near miss: with no row, an error of its own.
func loadUserXorm(engine *xorm.Engine, name string) (User, error) { // want loadUserXorm:"^exists .*zerowhenabsent=false"
	var u User
	has, err := engine.Where("name = ?", name).Get(&u)
	if err != nil || !has {
		return User{}, errors.Join(err, errNoUser)
	}
	return u, nil
}

// Get's found flag dropped: with no row, the record it filled goes back
// zero beside Get's nil error.
func userByNameXormUnchecked(engine *xorm.Engine, name string) (User, error) { // want userByNameXormUnchecked:"^exists .*zerowhenabsent=true"
	var u User
	_, err := engine.Where("name = ?", name).Get(&u)
	return u, err
}

// Near miss: the flag is read, and a missing row is an error of its own.
func loadUserXormChecked(engine *xorm.Engine, name string) (User, error) { // want loadUserXormChecked:"^exists .*zerowhenabsent=false"
	var u User
	has, err := engine.Where("name = ?", name).Get(&u)
	if !has && err == nil {
		err = errNoUser
	}
	return u, err
}

// Near miss: the error returned is not Get's own; a missing row's nil
// goes nowhere.
func loadUserXormWrapped(engine *xorm.Engine, name string) (User, error) { // want loadUserXormWrapped:"^exists .*zerowhenabsent=false"
	var u User
	_, err := engine.Where("name = ?", name).Get(&u)
	return u, errors.Join(err, errNoUser)
}

// A row scanned field by field, its error handed through a helper that
// forgives sql.ErrNoRows: the zero Merchant comes back with no error.
type Merchant struct {
	ID         int64
	ExternalID string
	Name       string
}

func ignoreNoRows(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	return err
}

func notFoundAsSentinel(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return errNoMerchant
	}
	return err
}

var errNoMerchant = errors.New("no merchant")

func merchantByExternalID(ctx context.Context, db *sql.DB, id string) (Merchant, error) { // want merchantByExternalID:"^read .*zerowhenabsent=true"
	var m Merchant
	err := db.QueryRowContext(ctx, `SELECT id, external_id, name FROM merchants WHERE external_id = $1`, id).Scan(&m.ID, &m.ExternalID, &m.Name)
	return m, ignoreNoRows(err)
}

// Near miss: the helper turns not-found into an error of its own.
func merchantOrErr(ctx context.Context, db *sql.DB, id string) (Merchant, error) { // want merchantOrErr:"^read .*zerowhenabsent=false"
	var m Merchant
	err := db.QueryRowContext(ctx, `SELECT id, external_id, name FROM merchants WHERE external_id = $1`, id).Scan(&m.ID, &m.ExternalID, &m.Name)
	return m, notFoundAsSentinel(err)
}
