package service

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"

	"example.com/probes/internal/domain"
	"example.com/probes/internal/repo"
)

type CouponStore interface {
	ByCode(ctx context.Context, code string) (domain.Coupon, error)
	Update(ctx context.Context, c *domain.Coupon) error
	CountRedemptions(ctx context.Context, couponID int64) (int64, error)
	AddRedemption(ctx context.Context, couponID, userID int64) error
	TakeUse(ctx context.Context, couponID int64) (bool, error)
	DB() *gorm.DB
}

type CouponService struct {
	coupons CouponStore
}

func NewCouponService(c CouponStore) *CouponService { return &CouponService{coupons: c} }

// RedeemGiftCard credits a single-use gift card to the wallet.
func (s *CouponService) RedeemGiftCard(ctx context.Context, code string, accountID int64) (int64, error) {
	c, err := s.coupons.ByCode(ctx, code) // L:F2d
	if err != nil {
		return 0, err
	}
	if c.Used {
		return 0, domain.ErrAlreadyUsed
	}
	if err := s.creditAndBurn(ctx, &c, accountID); err != nil {
		return 0, err
	}
	return c.Value, nil
}

func (s *CouponService) creditAndBurn(ctx context.Context, c *domain.Coupon, accountID int64) error {
	if err := repo.CreditWallet(s.coupons.DB().WithContext(ctx), accountID, c.Value); err != nil {
		return fmt.Errorf("credit wallet: %w", err)
	}
	c.Used = true
	return s.coupons.Update(ctx, c)
}

// RedeemGiftCardTx does the check under a row lock in one transaction.
func (s *CouponService) RedeemGiftCardTx(ctx context.Context, code string, accountID int64) (int64, error) {
	var value int64
	err := s.coupons.DB().WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		c, err := repo.LockCoupon(tx, code) // L:F2d-safe
		if err != nil {
			return err
		}
		if c.Used {
			return domain.ErrAlreadyUsed
		}
		if err := repo.CreditWallet(tx, accountID, c.Value); err != nil {
			return err
		}
		c.Used = true
		value = c.Value
		return tx.Save(&c).Error
	})
	return value, err
}

// ApplyPromo redeems a multi-use promotion code, up to MaxUses times.
func (s *CouponService) ApplyPromo(ctx context.Context, code string, userID int64) error {
	c, err := s.coupons.ByCode(ctx, code)
	if err != nil {
		return err
	}
	used, err := s.coupons.CountRedemptions(ctx, c.ID) // L:F4a
	if err != nil {
		return err
	}
	if used >= int64(c.MaxUses) {
		return domain.ErrExhausted
	}
	return s.coupons.AddRedemption(ctx, c.ID, userID)
}

// ApplyPromoV2 takes a use atomically first.
func (s *CouponService) ApplyPromoV2(ctx context.Context, code string, userID int64) error {
	c, err := s.coupons.ByCode(ctx, code)
	if err != nil {
		return err
	}
	ok, err := s.coupons.TakeUse(ctx, c.ID) // L:F4a-safe
	if err != nil {
		return err
	}
	if !ok {
		return domain.ErrExhausted
	}
	if err := s.coupons.AddRedemption(ctx, c.ID, userID); err != nil {
		return errors.Join(err, errors.New("use taken but redemption not recorded"))
	}
	return nil
}
