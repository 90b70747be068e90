// Package referrals is the driver-refers-driver programme.
package referrals

import (
	"context"
	"fmt"
	"log/slog"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/repo"
)

const (
	inviterBonusCents = 5000
	inviteeBonusCents = 2500
)

type Service struct {
	Referrals repo.Referrals
	Rewards   repo.Rewards
	Codes     repo.ReferralCodes
	Wallets   repo.Wallets
	Log       *slog.Logger
}

// Attribute links a new driver to the driver who referred them. A driver
// can be referred once.
func (s *Service) Attribute(ctx context.Context, inviteeID, inviterID int64, code string) error {
	n, err := s.Referrals.CountForInvitee(ctx, inviteeID)
	if err != nil {
		return fmt.Errorf("attribute referral: %w", err)
	}
	if n > 0 {
		return nil
	}
	ref := domain.Referral{InviterID: inviterID, InviteeID: inviteeID, Code: code}
	if err := s.Referrals.Insert(ctx, &ref); err != nil {
		return fmt.Errorf("attribute referral: %w", err)
	}
	return nil
}

// AttributeFromLink is Attribute for the deep-link flow, which the app
// fires on every launch until it succeeds.
func (s *Service) AttributeFromLink(ctx context.Context, inviteeID, inviterID int64, code string) error {
	err := s.Referrals.WithInviteeLock(ctx, inviteeID, func(ctx context.Context, q repo.ReferralQueries) error {
		n, err := q.CountForInvitee(ctx, inviteeID)
		if err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		return q.Insert(ctx, &domain.Referral{InviterID: inviterID, InviteeID: inviteeID, Code: code})
	})
	if err != nil {
		return fmt.Errorf("attribute referral from link: %w", err)
	}
	return nil
}

// RewardInviter pays the referring driver when the invitee completes their
// first trip.
func (s *Service) RewardInviter(ctx context.Context, referralID int64) error {
	ref, err := s.Referrals.Get(ctx, referralID)
	if err != nil {
		return fmt.Errorf("reward inviter: %w", err)
	}
	if err := s.Wallets.Credit(ctx, ref.InviterID, inviterBonusCents); err != nil {
		return fmt.Errorf("reward inviter: %w", err)
	}
	if _, err := s.Rewards.Record(ctx, ref.ID, "inviter"); err != nil {
		return fmt.Errorf("reward inviter: %w", err)
	}
	return nil
}

// RewardInvitee pays the new driver's welcome bonus.
func (s *Service) RewardInvitee(ctx context.Context, referralID int64) error {
	ref, err := s.Referrals.Get(ctx, referralID)
	if err != nil {
		return fmt.Errorf("reward invitee: %w", err)
	}
	recorded, err := s.Rewards.Record(ctx, ref.ID, "invitee")
	if err != nil {
		return fmt.Errorf("reward invitee: %w", err)
	}
	if !recorded {
		return nil
	}
	if err := s.Wallets.Credit(ctx, ref.InviteeID, inviteeBonusCents); err != nil {
		return fmt.Errorf("reward invitee: %w", err)
	}
	return nil
}

// ClaimVanityCode lets a driver pick their own referral code.
func (s *Service) ClaimVanityCode(ctx context.Context, merchantID, driverID int64, code string) (domain.ReferralCode, error) {
	return s.Codes.Reserve(ctx, merchantID, code, driverID)
}

// RotateCode replaces a driver's code after abuse reports.
func (s *Service) RotateCode(ctx context.Context, merchantID, driverID int64, code string) (domain.ReferralCode, error) {
	return s.Codes.Rotate(ctx, merchantID, code, driverID)
}
