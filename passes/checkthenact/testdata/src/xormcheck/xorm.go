// Package xormcheck uses xorm: Get/Exist/Count then Insert.
package xormcheck

import (
	"errors"

	"xorm.io/xorm"
)

type User struct {
	ID    int64
	Email string
}

type Invite struct {
	ID    int64
	Email string
}

var errTaken = errors.New("taken")

// Get returns (has bool, err): has false is the absent branch.
func register(engine *xorm.Engine, email string) error {
	var u User
	has, err := engine.Where("email = ?", email).Get(&u) // want `check-then-act race: the existence check Get`
	if err != nil {
		return err
	}
	if has {
		return errTaken
	}
	_, err = engine.Insert(&User{Email: email})
	return err
}

// Near miss: the insert goes to another table.
func registerInvite(engine *xorm.Engine, email string) error {
	var u User
	has, err := engine.Where("email = ?", email).Get(&u)
	if err != nil || has {
		return err
	}
	_, err = engine.Insert(&Invite{Email: email})
	return err
}

func registerExist(engine *xorm.Engine, email string) error {
	exists, err := engine.Exist(&User{Email: email}) // want `check-then-act race: the existence check Exist`
	if err != nil || exists {
		return err
	}
	_, err = engine.Insert(&User{Email: email})
	return err
}

// Near miss: the insert is a raw INSERT ... ON CONFLICT DO NOTHING.
func registerExistOnConflict(engine *xorm.Engine, email string) error {
	exists, err := engine.Exist(&User{Email: email})
	if err != nil || exists {
		return err
	}
	_, err = engine.Exec("INSERT INTO user (email) VALUES (?) ON CONFLICT DO NOTHING", email)
	return err
}

// Count in a Transaction callback, with the table named by Table.
func registerCount(engine *xorm.Engine, email string) error {
	_, err := engine.Transaction(func(s *xorm.Session) (any, error) {
		n, err := s.Table("user").Where("email = ?", email).Count() // want `check-then-act race: the existence check Count`
		if err != nil || n > 0 {
			return nil, err
		}
		return s.Insert(&User{Email: email})
	})
	return err
}

// ForUpdate in the same session's tx locks nothing when no user is found.
func registerCountLocked(engine *xorm.Engine, email string) error {
	_, err := engine.Transaction(func(s *xorm.Session) (any, error) {
		var u User
		has, err := s.Where("email = ?", email).ForUpdate().Get(&u) // want `FOR UPDATE locks no row when none is found`
		if err != nil || has {
			return nil, err
		}
		return s.Insert(&User{Email: email})
	})
	return err
}

// Raw SQL through xorm's Exec and SQL.
func registerRaw(engine *xorm.Engine, email string) error {
	var id int64
	has, err := engine.SQL("SELECT id FROM users WHERE email = ?", email).Get(&id) // want `check-then-act race: the existence check on users and the insert`
	if err != nil || has {
		return err
	}
	_, err = engine.Exec("INSERT INTO users (email) VALUES (?)", email)
	return err
}

// Near miss: the duplicate handled as the unique violation it raises.
func registerRawDuplicate(engine *xorm.Engine, email string) error {
	var id int64
	has, err := engine.SQL("SELECT id FROM users WHERE email = ?", email).Get(&id)
	if err != nil || has {
		return err
	}
	_, err = engine.Exec("INSERT INTO users (email) VALUES (?) ON CONFLICT (email) DO NOTHING", email)
	return err
}

type Payout struct {
	ID     int64
	Status string
	Amount int64
}

type Bank interface {
	Transfer(id, amount int64) error
}

// Status gate on a present row, read without a lock: two settlements
// both read it pending and both transfer.
func settlePayout(engine *xorm.Engine, bank Bank, id int64) error {
	_, err := engine.Transaction(func(s *xorm.Session) (any, error) {
		var p Payout
		has, err := s.ID(id).Get(&p) // want `status-gate race: Status read here is tested, then Transfer`
		if err != nil || !has || p.Status != "pending" {
			return nil, err
		}
		if err := bank.Transfer(p.ID, p.Amount); err != nil {
			return nil, err
		}
		p.Status = "paid"
		return s.ID(p.ID).Cols("status").Update(&p)
	})
	return err
}

// Near miss: the same gate on a row ForUpdate locked in the session's
// transaction: the second settlement waits, then reads it paid.
func settlePayoutLocked(engine *xorm.Engine, bank Bank, id int64) error {
	_, err := engine.Transaction(func(s *xorm.Session) (any, error) {
		var p Payout
		has, err := s.ID(id).ForUpdate().Get(&p)
		if err != nil || !has || p.Status != "pending" {
			return nil, err
		}
		if err := bank.Transfer(p.ID, p.Amount); err != nil {
			return nil, err
		}
		p.Status = "paid"
		return s.ID(p.ID).Cols("status").Update(&p)
	})
	return err
}
