// Package popcheck uses gobuffalo/pop.
package popcheck

import (
	"database/sql"
	"errors"

	"github.com/gobuffalo/pop/v6"
)

type Subscriber struct {
	ID    int64
	Email string
}

type Newsletter struct {
	ID    int64
	Email string
}

func subscribe(tx *pop.Connection, email string) error {
	exists, err := tx.Where("email = ?", email).Exists(&Subscriber{}) // want `check-then-act race: the existence check Exists`
	if err != nil || exists {
		return err
	}
	return tx.Create(&Subscriber{Email: email})
}

// Near miss: the insert is a raw INSERT ... ON CONFLICT DO NOTHING.
func subscribeOnConflict(tx *pop.Connection, email string) error {
	exists, err := tx.Where("email = ?", email).Exists(&Subscriber{})
	if err != nil || exists {
		return err
	}
	return tx.RawQuery("INSERT INTO subscribers (email) VALUES (?) ON CONFLICT DO NOTHING", email).Exec()
}

func subscribeFirst(db *pop.Connection, email string) error {
	return db.Transaction(func(tx *pop.Connection) error {
		var s Subscriber
		err := tx.Where("email = ?", email).First(&s) // want `check-then-act race: the existence check First`
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		return tx.Create(&Subscriber{Email: email})
	})
}

// Near miss: the check reads subscribers, the insert goes to newsletters.
func subscribeFirstOther(db *pop.Connection, email string) error {
	return db.Transaction(func(tx *pop.Connection) error {
		var s Subscriber
		err := tx.Where("email = ?", email).First(&s)
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		return tx.Create(&Newsletter{Email: email})
	})
}
