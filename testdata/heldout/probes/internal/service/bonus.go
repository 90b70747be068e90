package service

import (
	"context"
	"errors"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/probes/internal/domain"
	"example.com/probes/internal/repo"
)

// BonusService pays the daily login bonus. daily_bonuses has no unique index.
type BonusService struct {
	db     *gorm.DB
	amount int64
}

func NewBonusService(db *gorm.DB, amount int64) *BonusService {
	return &BonusService{db: db, amount: amount}
}

func today() time.Time {
	y, m, d := time.Now().UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// Claim grants today's bonus, "locking" the bonus row while checking.
func (s *BonusService) Claim(ctx context.Context, userID, accountID int64) (bool, error) {
	granted := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var b domain.DailyBonus
		err := tx.Clauses(clause.Locking{Strength: "UPDATE"}). // L:F3a
									Where("user_id = ? AND day = ?", userID, today()).
									First(&b).Error
		if err == nil {
			return nil // already claimed today
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		if err := tx.Create(&domain.DailyBonus{UserID: userID, Day: today(), Amount: s.amount}).Error; err != nil {
			return err
		}
		if err := repo.CreditWallet(tx, accountID, s.amount); err != nil {
			return err
		}
		granted = true
		return nil
	})
	return granted, err
}

// ClaimV2 locks the account row first, which every claim for this account takes.
func (s *BonusService) ClaimV2(ctx context.Context, userID, accountID int64) (bool, error) {
	granted := false
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var acct domain.Account
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&acct, "id = ? AND user_id = ?", accountID, userID).Error; err != nil {
			return err
		}
		var n int64
		if err := tx.Model(&domain.DailyBonus{}).Where("user_id = ? AND day = ?", userID, today()).Count(&n).Error; err != nil { // L:F3a-safe
			return err
		}
		if n > 0 {
			return nil
		}
		if err := tx.Create(&domain.DailyBonus{UserID: userID, Day: today(), Amount: s.amount}).Error; err != nil {
			return err
		}
		if err := repo.CreditWallet(tx, accountID, s.amount); err != nil {
			return err
		}
		granted = true
		return nil
	})
	return granted, err
}
