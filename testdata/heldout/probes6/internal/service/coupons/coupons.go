// Package coupons is merchant coupons and promo campaigns for shippers.
package coupons

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/repo"
)

type Service struct {
	Coupons     repo.Coupons
	Campaigns   repo.Campaigns
	Redemptions repo.Redemptions
	Uses        repo.CouponUses
}

// Issue creates a coupon code for the merchant.
func (s *Service) Issue(ctx context.Context, merchantID int64, code string, percentOff, uses int) (domain.Coupon, error) {
	c := domain.Coupon{MerchantID: merchantID, Code: strings.ToUpper(code), PercentOff: percentOff, UsesLeft: uses, MaxUses: uses}
	if err := s.Coupons.Create(ctx, &c); err != nil {
		return domain.Coupon{}, fmt.Errorf("issue coupon %s: %w", c.Code, err)
	}
	return c, nil
}

// StartCampaign creates a promo campaign; creating the same slug again
// returns the existing campaign.
func (s *Service) StartCampaign(ctx context.Context, merchantID int64, slug, title string) (domain.Campaign, error) {
	c := domain.Campaign{MerchantID: merchantID, Slug: slug, Title: title}
	err := s.Campaigns.Create(ctx, &c)
	if errors.Is(err, domain.ErrAlreadyExists) {
		return s.Campaigns.BySlug(ctx, merchantID, slug)
	}
	if err != nil {
		return domain.Campaign{}, fmt.Errorf("start campaign: %w", err)
	}
	return c, nil
}

// Apply uses one of the coupon's remaining uses at checkout.
func (s *Service) Apply(ctx context.Context, couponID int64) error {
	left, err := s.Uses.UsesLeft(ctx, couponID)
	if err != nil {
		return fmt.Errorf("apply coupon: %w", err)
	}
	if left <= 0 {
		return domain.ErrCouponSpent
	}
	if err := s.Uses.SetUsesLeft(ctx, couponID, left-1); err != nil {
		return fmt.Errorf("apply coupon: %w", err)
	}
	return nil
}

// ApplyAtCheckout is Apply for the new checkout.
func (s *Service) ApplyAtCheckout(ctx context.Context, couponID int64) error {
	ok, err := s.Uses.Consume(ctx, couponID)
	if err != nil {
		return fmt.Errorf("apply coupon: %w", err)
	}
	if !ok {
		return domain.ErrCouponSpent
	}
	return nil
}

// RedeemForCustomer records a once-per-customer coupon on a booking.
func (s *Service) RedeemForCustomer(ctx context.Context, couponID int64, customerID string, bookingID int64) error {
	if err := s.Redemptions.RedeemOnce(ctx, couponID, customerID, bookingID); err != nil {
		return fmt.Errorf("redeem: %w", err)
	}
	return nil
}

// RedeemLimited records a redemption of a coupon with a total use cap.
func (s *Service) RedeemLimited(ctx context.Context, couponID int64, customerID string, bookingID int64) error {
	if err := s.Redemptions.RedeemLimited(ctx, couponID, customerID, bookingID); err != nil {
		return fmt.Errorf("redeem limited: %w", err)
	}
	return nil
}
