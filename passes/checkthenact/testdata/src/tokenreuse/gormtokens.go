package tokenreuse

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type RecoveryCode struct {
	ID     int64
	UserID int64
	Code   string
	IsUsed bool
}

var errCodeNotFound = errors.New("recovery code not found")

// gorm: an unused recovery code is found and marked used by id in one
// transaction without a lock; the caller signs in on nil. Two logins
// with one code both find it unused and both sign in.
func useRecoveryCode(ctx context.Context, db *gorm.DB, userID int64, code string) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var rc RecoveryCode
		if err := tx.Where("user_id = ? AND code = ? AND is_used = ?", userID, code, false).First(&rc).Error; err != nil { // want `token-reuse race: the one-time token read here is consumed by Update at line \d+`
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return errCodeNotFound
			}
			return err
		}
		return tx.Model(&rc).Update("is_used", true).Error
	})
}

// Near miss: the code row is locked by the read.
func useRecoveryCodeLocked(ctx context.Context, db *gorm.DB, userID int64, code string) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var rc RecoveryCode
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("user_id = ? AND code = ? AND is_used = ?", userID, code, false).First(&rc).Error; err != nil {
			return errCodeNotFound
		}
		return tx.Model(&rc).Update("is_used", true).Error
	})
}

// Near miss: the mark is conditional on the code being unused, and its
// rows affected is the answer.
func useRecoveryCodeGuarded(ctx context.Context, db *gorm.DB, userID int64, code string) error {
	var rc RecoveryCode
	if err := db.Where("user_id = ? AND code = ? AND is_used = ?", userID, code, false).First(&rc).Error; err != nil {
		return errCodeNotFound
	}
	res := db.Model(&rc).Where("is_used = ?", false).Update("is_used", true)
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return errCodeNotFound
	}
	return nil
}
