package repo

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/probes/internal/domain"
)

type CouponRepo struct {
	db *gorm.DB
}

func NewCouponRepo(db *gorm.DB) *CouponRepo { return &CouponRepo{db: db} }

func (r *CouponRepo) DB() *gorm.DB { return r.db }

func (r *CouponRepo) ByCode(ctx context.Context, code string) (domain.Coupon, error) {
	var c domain.Coupon
	err := r.db.WithContext(ctx).Where("code = ?", code).Take(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return c, domain.ErrNotFound
	}
	return c, err
}

func (r *CouponRepo) Update(ctx context.Context, c *domain.Coupon) error {
	return r.db.WithContext(ctx).Save(c).Error
}

// CountRedemptions counts how often the coupon was redeemed.
func (r *CouponRepo) CountRedemptions(ctx context.Context, couponID int64) (int64, error) {
	var n int64
	err := r.db.WithContext(ctx).Model(&domain.CouponRedemption{}).Where("coupon_id = ?", couponID).Count(&n).Error
	return n, err
}

func (r *CouponRepo) AddRedemption(ctx context.Context, couponID, userID int64) error {
	return r.db.WithContext(ctx).Create(&domain.CouponRedemption{CouponID: couponID, UserID: userID}).Error
}

// TakeUse increments use_count while it is under max_uses; false when exhausted.
func (r *CouponRepo) TakeUse(ctx context.Context, couponID int64) (bool, error) {
	res := r.db.WithContext(ctx).Model(&domain.Coupon{}).
		Where("id = ? AND use_count < max_uses", couponID).
		UpdateColumn("use_count", gorm.Expr("use_count + ?", 1))
	return res.RowsAffected == 1, res.Error
}

// CreditWallet adds to the user's account balance.
func CreditWallet(tx *gorm.DB, accountID, amount int64) error {
	return tx.Model(&domain.Account{}).Where("id = ?", accountID).
		UpdateColumn("balance", gorm.Expr("balance + ?", amount)).Error
}

func LockCoupon(tx *gorm.DB, code string) (domain.Coupon, error) {
	var c domain.Coupon
	err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).Where("code = ?", code).First(&c).Error
	return c, err
}
