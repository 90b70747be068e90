package service

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"

	"example.com/shop3/internal/domain"
)

type APIKeys interface {
	CountActive(ctx context.Context, tenantID int64) (int, error)
	Insert(ctx context.Context, tenantID int64, name, hash string) (int64, error)
	CreateWithinLimit(ctx context.Context, tenantID int64, name, hash string) (int64, error)
	PlanLimit(ctx context.Context, tenantID int64) (int, error)
}

type LimitService struct {
	Keys    APIKeys
	Coupons Coupons
	Ledger  Ledger
}

func newSecret() (secret, hash string) {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	secret = "sk_" + hex.EncodeToString(b)
	sum := sha256.Sum256([]byte(secret))
	return secret, hex.EncodeToString(sum[:])
}

func (s *LimitService) underKeyLimit(ctx context.Context, tenantID int64) (bool, error) {
	max, err := s.Keys.PlanLimit(ctx, tenantID)
	if err != nil {
		return false, err
	}
	n, err := s.Keys.CountActive(ctx, tenantID)
	if err != nil {
		return false, err
	}
	return n < max, nil
}

// CreateAPIKey creates an API key within the plan's limit.
func (s *LimitService) CreateAPIKey(ctx context.Context, tenantID int64, name string) (string, error) {
	ok, err := s.underKeyLimit(ctx, tenantID)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", domain.ErrQuotaExceeded
	}
	secret, hash := newSecret()
	if _, err := s.Keys.Insert(ctx, tenantID, name, hash); err != nil {
		return "", err
	}
	return secret, nil
}

// RotateAPIKey creates the replacement key of a rotation within the limit.
func (s *LimitService) RotateAPIKey(ctx context.Context, tenantID int64, name string) (string, error) {
	secret, hash := newSecret()
	if _, err := s.Keys.CreateWithinLimit(ctx, tenantID, name, hash); err != nil {
		return "", err
	}
	return secret, nil
}

// ApplyCoupon redeems a coupon for an order and credits its value.
func (s *LimitService) ApplyCoupon(ctx context.Context, code string, userID, orderID int64) error {
	c, found, err := s.Coupons.Get(ctx, code)
	if err != nil {
		return err
	}
	if !found || !c.Active {
		return domain.ErrNotFound
	}
	used, err := s.Coupons.CountRedemptions(ctx, code)
	if err != nil {
		return err
	}
	if used >= c.MaxUses {
		return domain.ErrQuotaExceeded
	}
	if err := s.Coupons.InsertRedemption(ctx, code, userID, orderID); err != nil {
		return err
	}
	return s.Ledger.Credit(ctx, userID, c.AmountCents, "coupon", fmt.Sprintf("%s/%d", code, orderID))
}

// ApplyPartnerCoupon redeems a partner coupon: the use is taken by a
// conditional update before anything is credited.
func (s *LimitService) ApplyPartnerCoupon(ctx context.Context, code string, userID, orderID int64) error {
	c, found, err := s.Coupons.Get(ctx, code)
	if err != nil {
		return err
	}
	if !found {
		return domain.ErrNotFound
	}
	if err := s.Coupons.Redeem(ctx, code, userID, orderID); err != nil {
		return err
	}
	return s.Ledger.Credit(ctx, userID, c.AmountCents, "coupon", fmt.Sprintf("%s/%d", code, orderID))
}
