package gormcheck

import (
	"errors"
	"sync"

	"gorm.io/gorm"
)

// A single-process wallet serialises payments with one process-wide
// mutex taken around the transaction whose callback checks and inserts
// (Alby Hub's balanceValidationLock around SendPaymentSync).

var paymentLock sync.Mutex

type Payment struct {
	ID   uint
	Hash string
}

// Near miss: the callback runs inside Transaction while the lock is held.
func payUnderLock(db *gorm.DB, hash string) error {
	return func() error {
		paymentLock.Lock()
		defer paymentLock.Unlock()
		return db.Transaction(func(tx *gorm.DB) error {
			var existing Payment
			if tx.Find(&existing, &Payment{Hash: hash}).RowsAffected > 0 {
				return errors.New("already paid")
			}
			return tx.Create(&Payment{Hash: hash}).Error
		})
	}()
}

// The lock is given back before the transaction runs: nothing is held
// across the check and the insert.
func payAfterUnlock(db *gorm.DB, hash string) error {
	paymentLock.Lock()
	paymentLock.Unlock()
	return db.Transaction(func(tx *gorm.DB) error {
		var existing Payment
		if tx.Find(&existing, &Payment{Hash: hash}).RowsAffected > 0 { // want `check-then-act race: the existence check Find`
			return errors.New("already paid")
		}
		return tx.Create(&Payment{Hash: hash}).Error
	})
}

// The callback is kept and run later, after the unlock: not under it.
func payLater(db *gorm.DB, hash string) func() error {
	paymentLock.Lock()
	defer paymentLock.Unlock()
	run := func() error {
		var existing Payment
		if db.Find(&existing, &Payment{Hash: hash}).RowsAffected > 0 { // want `check-then-act race: the existence check Find`
			return errors.New("already paid")
		}
		return db.Create(&Payment{Hash: hash}).Error
	}
	return run
}
