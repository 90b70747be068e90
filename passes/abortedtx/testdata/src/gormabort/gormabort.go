// Package gormabort holds gorm handlers inside Transaction.
package gormabort

import (
	"gorm.io/gorm"
)

type Key struct{ K string }

func Claim(db *gorm.DB, k string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&Key{K: k}).Error; err != nil {
			var existing Key
			return tx.Where("k = ?", k).First(&existing).Error // want `statement on a transaction that the failed statement at line 12 aborted`
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
