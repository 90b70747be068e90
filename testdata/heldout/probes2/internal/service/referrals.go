package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"example.com/shop2/internal/store/bunrepo"
)

var ErrAlreadyReferred = errors.New("user was already referred")

type ReferralStore interface {
	ExistsForReferee(ctx context.Context, refereeID int64) (bool, error)
	Create(ctx context.Context, ref *bunrepo.Referral) error
	Credit(ctx context.Context, userID, cents int64) error
	AttributionExists(ctx context.Context, orderID int64) (bool, error)
	Attribute(ctx context.Context, a *bunrepo.Attribution) (bool, error)
}

type ReferralCodes interface {
	Resolve(ctx context.Context, code string) (referrerID int64, err error)
}

type ReferralService struct {
	store       ReferralStore
	codes       ReferralCodes
	rewardCents int64
	log         *slog.Logger
}

func NewReferralService(store ReferralStore, codes ReferralCodes, rewardCents int64, log *slog.Logger) *ReferralService {
	return &ReferralService{store: store, codes: codes, rewardCents: rewardCents, log: log}
}

// Apply records that refereeID signed up with code and rewards the referrer.
func (s *ReferralService) Apply(ctx context.Context, refereeID int64, code string) error {
	referrerID, err := s.codes.Resolve(ctx, code)
	if err != nil {
		return fmt.Errorf("apply referral: %w", err)
	}
	if referrerID == refereeID {
		return fmt.Errorf("%w: self referral", ErrInvalidRequest)
	}
	already, err := s.store.ExistsForReferee(ctx, refereeID)
	if err != nil {
		return fmt.Errorf("apply referral: %w", err)
	}
	if already {
		return ErrAlreadyReferred
	}
	ref := &bunrepo.Referral{
		ReferrerID:  referrerID,
		RefereeID:   refereeID,
		Code:        code,
		RewardCents: s.rewardCents,
	}
	if err := s.store.Create(ctx, ref); err != nil {
		return fmt.Errorf("apply referral: %w", err)
	}
	if err := s.store.Credit(ctx, referrerID, s.rewardCents); err != nil {
		return fmt.Errorf("apply referral: reward %d: %w", referrerID, err)
	}
	s.log.InfoContext(ctx, "referral applied", "referral_id", ref.ID, "referrer", referrerID)
	return nil
}

// AttributeOrder pays the affiliate behind code a commission on the order.
func (s *ReferralService) AttributeOrder(ctx context.Context, orderID, totalCents int64, code string) error {
	affiliateID, err := s.codes.Resolve(ctx, code)
	if err != nil {
		return fmt.Errorf("attribute order: %w", err)
	}
	done, err := s.store.AttributionExists(ctx, orderID)
	if err != nil {
		return fmt.Errorf("attribute order: %w", err)
	}
	if done {
		return nil
	}
	a := &bunrepo.Attribution{
		OrderID:         orderID,
		AffiliateID:     affiliateID,
		CommissionCents: totalCents * 5 / 100,
	}
	inserted, err := s.store.Attribute(ctx, a)
	if err != nil {
		return err
	}
	if inserted {
		s.log.InfoContext(ctx, "order attributed", "order_id", orderID, "affiliate", affiliateID)
	}
	return nil
}
