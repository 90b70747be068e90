package tokenreuse

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type Redemption struct {
	ID           int
	Key          string
	Status       int
	Quota        int64
	RedeemedTime int64
}

type Account struct {
	ID    int
	Quota int64
}

const (
	redemptionEnabled = 1
	redemptionUsed    = 3
)

// gorm v2: the v1 query option asks for FOR UPDATE, but gorm v2 ignores
// it; nothing is locked, and two top-ups with one code both credit it.
func redeem(ctx context.Context, db *gorm.DB, key string, accountID int) (int64, error) {
	r := &Redemption{}
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Set("gorm:query_option", "FOR UPDATE").Where("key = ?", key).First(r).Error; err != nil { // want `status-gate race: Status read here is tested \(gorm v2 ignores the v1 "gorm:query_option" FOR UPDATE: no row is locked\), then Update`
			return errors.New("invalid code")
		}
		if r.Status != redemptionEnabled {
			return errors.New("code used")
		}
		if err := tx.Model(&Account{}).Where("id = ?", accountID).Update("quota", gorm.Expr("quota + ?", r.Quota)).Error; err != nil {
			return err
		}
		r.RedeemedTime = 1
		r.Status = redemptionUsed
		return tx.Save(r).Error
	})
	return r.Quota, err
}

// Near miss: the gorm v2 way to lock the row, clause.Locking, is sent;
// the second top-up waits and then finds the code used.
func redeemLocked(ctx context.Context, db *gorm.DB, key string, accountID int) (int64, error) {
	r := &Redemption{}
	err := db.Transaction(func(tx *gorm.DB) error {
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("key = ?", key).First(r).Error; err != nil {
			return errors.New("invalid code")
		}
		if r.Status != redemptionEnabled {
			return errors.New("code used")
		}
		if err := tx.Model(&Account{}).Where("id = ?", accountID).Update("quota", gorm.Expr("quota + ?", r.Quota)).Error; err != nil {
			return err
		}
		r.RedeemedTime = 1
		r.Status = redemptionUsed
		return tx.Save(r).Error
	})
	return r.Quota, err
}
