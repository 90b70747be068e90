package gormstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/fleet6/internal/domain"
)

type Coupons struct{ DB *gorm.DB }

// Create issues a coupon code; coupons_merchant_code_key keeps codes unique
// per merchant.
func (s Coupons) Create(ctx context.Context, c *domain.Coupon) error {
	err := s.DB.WithContext(ctx).Create(c).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return domain.ErrAlreadyExists
	}
	if err != nil {
		return fmt.Errorf("create coupon: %w", err)
	}
	return nil
}

func (s Coupons) ByCode(ctx context.Context, merchantID int64, code string) (domain.Coupon, error) {
	var c domain.Coupon
	err := s.DB.WithContext(ctx).Where("merchant_id = ? AND code = ?", merchantID, code).First(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return domain.Coupon{}, domain.ErrNotFound
	}
	if err != nil {
		return domain.Coupon{}, fmt.Errorf("coupon by code: %w", err)
	}
	return c, nil
}

type Campaigns struct{ DB *gorm.DB }

func (s Campaigns) Create(ctx context.Context, c *domain.Campaign) error {
	err := s.DB.WithContext(ctx).Create(c).Error
	switch {
	case errors.Is(err, gorm.ErrDuplicatedKey):
		return fmt.Errorf("campaign %q: %w", c.Slug, domain.ErrAlreadyExists)
	case err != nil:
		return fmt.Errorf("create campaign: %w", err)
	}
	return nil
}

func (s Campaigns) BySlug(ctx context.Context, merchantID int64, slug string) (domain.Campaign, error) {
	var c domain.Campaign
	err := s.DB.WithContext(ctx).Where("merchant_id = ? AND slug = ?", merchantID, slug).First(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return domain.Campaign{}, domain.ErrNotFound
	}
	return c, err
}

type Redemptions struct{ DB *gorm.DB }

// RedeemOnce records that the customer used the coupon on a booking; a
// customer may use each coupon once.
func (s Redemptions) RedeemOnce(ctx context.Context, couponID int64, customerID string, bookingID int64) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var prior domain.Redemption
		err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).
			Where("coupon_id = ? AND customer_id = ?", couponID, customerID).
			First(&prior).Error
		if err == nil {
			return fmt.Errorf("coupon %d already used by %s: %w", couponID, customerID, domain.ErrCouponSpent)
		}
		if !errors.Is(err, gorm.ErrRecordNotFound) {
			return err
		}
		return tx.Create(&domain.Redemption{CouponID: couponID, CustomerID: customerID, BookingID: bookingID, CreatedAt: time.Now()}).Error
	})
}

// RedeemLimited records a redemption of a coupon that has a total use
// limit.
func (s Redemptions) RedeemLimited(ctx context.Context, couponID int64, customerID string, bookingID int64) error {
	return s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var c domain.Coupon
		if err := tx.Clauses(clause.Locking{Strength: "UPDATE"}).First(&c, couponID).Error; err != nil {
			if errors.Is(err, gorm.ErrRecordNotFound) {
				return domain.ErrNotFound
			}
			return err
		}
		var used int64
		if err := tx.Model(&domain.Redemption{}).Where("coupon_id = ?", couponID).Count(&used).Error; err != nil {
			return err
		}
		if used >= int64(c.MaxUses) {
			return domain.ErrCouponSpent
		}
		return tx.Create(&domain.Redemption{CouponID: couponID, CustomerID: customerID, BookingID: bookingID, CreatedAt: time.Now()}).Error
	})
}
