package checkthenact

import (
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Subscription is a gorm model, unique by (UserID, Plan).
type Subscription struct {
	ID        uint
	UserID    int64  `gorm:"uniqueIndex:idx_user_plan"`
	Plan      string `gorm:"uniqueIndex:idx_user_plan"`
	CreatedAt time.Time
}

// Wallet is a gorm model whose row is locked to serialise its user's
// subscriptions.
type Wallet struct {
	ID      uint
	UserID  int64 `gorm:"uniqueIndex"`
	Balance int64
}

// Subscribe finds the subscription and creates it when it is missing.
func Subscribe(db *gorm.DB, userID int64, plan string) error {
	var sub Subscription
	err := db.Where("user_id = ? AND plan = ?", userID, plan).First(&sub).Error // want:checkthenact
	if err == nil {
		return nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return err
	}
	return db.Create(&Subscription{UserID: userID, Plan: plan}).Error
}

// SubscribeOnConflict creates with ON CONFLICT DO NOTHING.
func SubscribeOnConflict(db *gorm.DB, userID int64, plan string) error {
	var sub Subscription
	err := db.Where("user_id = ? AND plan = ?", userID, plan).First(&sub).Error
	if err == nil {
		return nil
	}
	if !errors.Is(err, gorm.ErrRecordNotFound) {
		return err
	}
	return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&Subscription{UserID: userID, Plan: plan}).Error
}

// SubscribeOnce counts the user's subscriptions to the plan and creates
// one when there are none.
func SubscribeOnce(db *gorm.DB, userID int64, plan string) error {
	var n int64
	if err := db.Model(&Subscription{}).Where("user_id = ? AND plan = ?", userID, plan).Count(&n).Error; err != nil { // want:checkthenact
		return err
	}
	if n > 0 {
		return ErrDuplicate
	}
	return db.Create(&Subscription{UserID: userID, Plan: plan}).Error
}

// SubscribeOnceLocked takes the user's wallet row FOR UPDATE in the same
// transaction first, so concurrent subscriptions of one user queue.
func SubscribeOnceLocked(db *gorm.DB, userID int64, plan string) error {
	return db.Transaction(func(tx *gorm.DB) error {
		var w Wallet
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("user_id = ?", userID).First(&w).Error; err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&Subscription{}).Where("user_id = ? AND plan = ?", userID, plan).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			return ErrDuplicate
		}
		return tx.Create(&Subscription{UserID: userID, Plan: plan}).Error
	})
}

// OpenWallet checks the subscription but creates a wallet: the check and
// the write touch different models.
func OpenWallet(db *gorm.DB, userID int64) error {
	var n int64
	if err := db.Model(&Subscription{}).Where("user_id = ?", userID).Count(&n).Error; err != nil {
		return err
	}
	if n == 0 {
		return db.Create(&Wallet{UserID: userID}).Error
	}
	return nil
}
