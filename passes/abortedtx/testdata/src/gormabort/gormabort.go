// Package gormabort holds gorm handlers inside Transaction.
package gormabort

import (
	"errors"

	"gorm.io/gorm"
)

type Key struct{ K string }

func Claim(db *gorm.DB, k string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&Key{K: k}).Error; err != nil {
			var existing Key
			return tx.Where("k = ?", k).First(&existing).Error // want `statement on a transaction that the failed statement at line 14 aborted`
		}
		return nil
	})
}

func ClaimOuter(db *gorm.DB, k string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&Key{K: k}).Error; err != nil {
			return err
		}
		return tx.Model(&Key{}).Where("k = ?", k).Update("seen", true).Error
	})
}

func ClaimSavePoint(db *gorm.DB, k string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		tx.SavePoint("claim")
		if err := tx.Create(&Key{K: k}).Error; err != nil {
			tx.RollbackTo("claim")
			var existing Key
			return tx.Where("k = ?", k).First(&existing).Error
		}
		return nil
	})
}

// Near miss: a Transaction on a transaction is a savepoint, which gorm
// rolls back to when its function fails; the read after it runs on a
// live transaction.
func ClaimNested(db *gorm.DB, k string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		err := tx.Transaction(func(sp *gorm.DB) error {
			return sp.Create(&Key{K: k}).Error
		})
		if err != nil {
			var existing Key
			return tx.Where("k = ?", k).First(&existing).Error
		}
		return nil
	})
}

// The failure inside the nested Transaction is used on its own handle
// after it failed: the savepoint is not rolled back yet.
func ClaimNestedInside(db *gorm.DB, k string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		return tx.Transaction(func(sp *gorm.DB) error {
			if err := sp.Create(&Key{K: k}).Error; err != nil {
				var existing Key
				return sp.Where("k = ?", k).First(&existing).Error // want `statement on a transaction that the failed statement at line 64 aborted`
			}
			return nil
		})
	})
}

// The savepoint is rolled back before the error is told apart: the read
// on the duplicate branch runs on a live transaction.
func ClaimSavePointThenTest(db *gorm.DB, k string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		tx.SavePoint("claim")
		if err := tx.Create(&Key{K: k}).Error; err != nil {
			tx.RollbackTo("claim")
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				var existing Key
				return tx.Where("k = ?", k).First(&existing).Error
			}
			return err
		}
		return nil
	})
}

// Near miss: the rollback to the savepoint comes after the read.
func ClaimSavePointTooLate(db *gorm.DB, k string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		tx.SavePoint("claim")
		if err := tx.Create(&Key{K: k}).Error; err != nil {
			if errors.Is(err, gorm.ErrDuplicatedKey) {
				var existing Key
				if err := tx.Where("k = ?", k).First(&existing).Error; err != nil { // want `statement on a transaction that the failed statement at line 94 aborted`
					return err
				}
			}
			tx.RollbackTo("claim")
			return err
		}
		return nil
	})
}
