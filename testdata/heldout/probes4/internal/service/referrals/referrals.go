// Package referrals attributes sign-ups to the customers who referred them
// and enrolls users in marketing campaigns.
package referrals

import (
	"context"
	"errors"
	"strings"

	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

var ErrSelfReferral = errors.New("referrals: cannot refer yourself")

type Service struct {
	referrals store.ReferralStore
}

func New(r store.ReferralStore) *Service { return &Service{referrals: r} }

// Attribute links a new user to the owner of the referral code they used.
// A user can be referred once.
func (s *Service) Attribute(ctx context.Context, refereeID int64, code string) error {
	code = strings.ToUpper(strings.TrimSpace(code))
	if _, err := s.referrals.ByReferee(ctx, refereeID); err == nil {
		return nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	referrerID, err := s.referrals.ReferrerByCode(ctx, code)
	if err != nil {
		return err
	}
	if referrerID == refereeID {
		return ErrSelfReferral
	}
	return s.referrals.Create(ctx, &domain.Referral{ReferrerID: referrerID, RefereeID: refereeID, Code: code})
}

// Enroll puts the user into a campaign; enrolling twice is a no-op.
func (s *Service) Enroll(ctx context.Context, campaignID, userID int64, channel string) error {
	if _, err := s.referrals.Enrollment(ctx, campaignID, userID); err == nil {
		return nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	err := s.referrals.CreateEnrollment(ctx, &domain.CampaignEnrollment{CampaignID: campaignID, UserID: userID, Channel: channel})
	if errors.Is(err, store.ErrDuplicate) {
		return nil
	}
	return err
}
