package billing

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/store/gormstore"
)

// ApplyCredit adds prepaid credit to a workspace (goodwill credit issued by
// support, referral rewards, top-ups).
func (s *Service) ApplyCredit(ctx context.Context, workspaceID, cents int64, reason string) (int64, error) {
	if cents <= 0 {
		return 0, domain.Invalid("amount", "must be positive")
	}
	bal, err := s.Credits.Balance(ctx, workspaceID)
	if err != nil {
		return 0, err
	}
	bal.BalanceCents += cents
	bal.Version++
	if err := s.Credits.SaveBalance(ctx, &bal); err != nil {
		return 0, fmt.Errorf("save balance: %w", err)
	}
	if err := s.Credits.Ledger(ctx, workspaceID, cents, reason); err != nil {
		s.Log.WarnContext(ctx, "ledger", "err", err)
	}
	s.publish(ctx, "billing.credit_applied", map[string]any{"workspace_id": workspaceID, "cents": cents})
	return bal.BalanceCents, nil
}

// SpendCredit takes credit off the balance if enough is left. It reports
// false when the balance is too low.
func (s *Service) SpendCredit(ctx context.Context, workspaceID, cents int64, reason string) (bool, error) {
	res := s.DB.WithContext(ctx).Model(&gormstore.CreditBalance{}).
		Where("workspace_id = ? AND balance_cents >= ?", workspaceID, cents).
		Updates(map[string]any{
			"balance_cents": gorm.Expr("balance_cents - ?", cents),
			"version":       gorm.Expr("version + 1"),
			"updated_at":    time.Now(),
		})
	if res.Error != nil {
		return false, gormstore.MapErr(res.Error)
	}
	if res.RowsAffected == 0 {
		return false, nil
	}
	if err := s.Credits.Ledger(ctx, workspaceID, -cents, reason); err != nil {
		s.Log.WarnContext(ctx, "ledger", "err", err)
	}
	return true, nil
}

func (s *Service) creditAtomic(tx *gorm.DB, workspaceID, cents int64, reason string) error {
	res := tx.Model(&gormstore.CreditBalance{}).Where("workspace_id = ?", workspaceID).
		Updates(map[string]any{"balance_cents": gorm.Expr("balance_cents + ?", cents), "updated_at": time.Now()})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		if err := tx.Create(&gormstore.CreditBalance{WorkspaceID: workspaceID, BalanceCents: cents}).Error; err != nil {
			return err
		}
	}
	return tx.Create(&gormstore.CreditLedger{WorkspaceID: workspaceID, DeltaCents: cents, Reason: reason}).Error
}

// RedeemCoupon redeems a single-use coupon code from a partner campaign.
func (s *Service) RedeemCoupon(ctx context.Context, actor domain.Actor, code string) (int64, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	var c gormstore.Coupon
	err := s.DB.WithContext(ctx).Where("code = ?", code).First(&c).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return 0, domain.ErrInvalidToken
	}
	if err != nil {
		return 0, err
	}
	if c.RedeemedAt != nil {
		return 0, fmt.Errorf("coupon already used: %w", domain.ErrInvalidToken)
	}
	if err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return s.creditAtomic(tx, actor.WorkspaceID, c.CreditCents, "coupon "+c.Code)
	}); err != nil {
		return 0, err
	}
	if err := s.markCouponRedeemed(ctx, &c, actor.WorkspaceID); err != nil {
		return 0, err
	}
	s.publish(ctx, "billing.coupon_redeemed", map[string]any{"workspace_id": actor.WorkspaceID, "code": c.Code})
	return c.CreditCents, nil
}

func (s *Service) markCouponRedeemed(ctx context.Context, c *gormstore.Coupon, workspaceID int64) error {
	now := time.Now()
	c.RedeemedAt = &now
	c.RedeemedBy = &workspaceID
	return gormstore.MapErr(s.DB.WithContext(ctx).Model(c).Select("redeemed_at", "redeemed_by").Updates(c).Error)
}

// RedeemPromoCode redeems a single-use promo code. The code is taken with a
// conditional update in the same transaction as the credit.
func (s *Service) RedeemPromoCode(ctx context.Context, actor domain.Actor, code string) (int64, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	var credited int64
	err := s.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		res := tx.Model(&gormstore.PromoCode{}).
			Where("code = ? AND redeemed_at IS NULL", code).
			Updates(map[string]any{"redeemed_at": time.Now(), "redeemed_by": actor.WorkspaceID})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return domain.ErrInvalidToken
		}
		var p gormstore.PromoCode
		if err := tx.Where("code = ?", code).First(&p).Error; err != nil {
			return err
		}
		credited = p.CreditCents
		return s.creditAtomic(tx, actor.WorkspaceID, p.CreditCents, "promo "+p.Code)
	})
	if err != nil {
		return 0, gormstore.MapErr(err)
	}
	s.publish(ctx, "billing.promo_redeemed", map[string]any{"workspace_id": actor.WorkspaceID, "code": code})
	return credited, nil
}
