package service

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"example.com/shop3/internal/domain"
	"example.com/shop3/internal/payments"
	"example.com/shop3/internal/store/mysqlstore"
)

type AccountService struct {
	Users     Users
	Merchants Merchants
	Referrals Referrals
	Accounts  Accounts
	Mailer    Mailer
	Charger   Charger
	Events    Publisher

	ReferralBonusCents int64
	OnboardingFeeCents int64
}

type SignupInput struct {
	TenantID int64
	Email    string
	Name     string
	Phone    string
}

func normalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

func (s *AccountService) lookup(ctx context.Context, tenantID int64, email string) (domain.User, error) {
	u, err := s.Users.FindByEmail(ctx, tenantID, normalizeEmail(email))
	if err != nil {
		return domain.User{}, fmt.Errorf("lookup user: %w", err)
	}
	return u, nil
}

// Register signs a user up and sends the welcome mail.
func (s *AccountService) Register(ctx context.Context, in SignupInput) (domain.User, error) {
	existing, err := s.lookup(ctx, in.TenantID, in.Email)
	if err != nil {
		return domain.User{}, err
	}
	if existing.ID != 0 {
		return existing, domain.ErrConflict
	}
	u := domain.User{TenantID: in.TenantID, Email: normalizeEmail(in.Email), Name: in.Name, Phone: in.Phone}
	if err := s.Mailer.SendWelcome(ctx, u.Email, u.Name); err != nil {
		return domain.User{}, fmt.Errorf("welcome mail: %w", err)
	}
	if err := s.Users.Insert(ctx, &u); err != nil {
		return domain.User{}, err
	}
	return u, nil
}

// RegisterInvited signs up a user who followed an invitation link; the
// invitation may be clicked twice.
func (s *AccountService) RegisterInvited(ctx context.Context, in SignupInput) (domain.User, error) {
	u := domain.User{TenantID: in.TenantID, Email: normalizeEmail(in.Email), Name: in.Name, Phone: in.Phone}
	created, err := s.Users.InsertIfAbsent(ctx, &u)
	if err != nil {
		return domain.User{}, err
	}
	if !created {
		return s.lookup(ctx, in.TenantID, in.Email)
	}
	if err := s.Mailer.SendWelcome(ctx, u.Email, u.Name); err != nil {
		return u, fmt.Errorf("welcome mail: %w", err)
	}
	return u, nil
}

// EnsureProfile returns the user for the SSO login, creating it on first
// login and announcing new users.
func (s *AccountService) EnsureProfile(ctx context.Context, in SignupInput) (domain.User, error) {
	u, err := s.lookup(ctx, in.TenantID, in.Email)
	if err != nil {
		return domain.User{}, err
	}
	if u.ID != 0 {
		return u, nil
	}
	u = domain.User{TenantID: in.TenantID, Email: normalizeEmail(in.Email), Name: in.Name}
	if err := s.Users.Insert(ctx, &u); err != nil {
		if errors.Is(err, domain.ErrDuplicate) {
			return s.lookup(ctx, in.TenantID, in.Email)
		}
		return domain.User{}, err
	}
	if err := s.Events.Publish(ctx, "user.created", u); err != nil {
		return u, fmt.Errorf("announce user: %w", err)
	}
	return u, nil
}

// ApplyReferral credits the referrer once per referred user.
func (s *AccountService) ApplyReferral(ctx context.Context, referrerID, refereeID int64) error {
	if referrerID == refereeID {
		return domain.ErrInvalidState
	}
	already, err := s.Referrals.Exists(ctx, refereeID)
	if err != nil {
		return err
	}
	if already {
		return nil
	}
	if err := s.Accounts.AddCredit(ctx, referrerID, s.ReferralBonusCents); err != nil {
		return fmt.Errorf("credit referrer: %w", err)
	}
	return s.recordReferral(ctx, referrerID, refereeID)
}

func (s *AccountService) recordReferral(ctx context.Context, referrerID, refereeID int64) error {
	return s.Referrals.Insert(ctx, domain.Referral{
		ReferrerID: referrerID,
		RefereeID:  refereeID,
		BonusCents: s.ReferralBonusCents,
	})
}

// ApplyPartnerReferral is ApplyReferral for the partner program: the
// referral row and the credit go in one transaction.
func (s *AccountService) ApplyPartnerReferral(ctx context.Context, referrerID, refereeID int64) (bool, error) {
	if referrerID == refereeID {
		return false, domain.ErrInvalidState
	}
	return s.Referrals.Apply(ctx, domain.Referral{
		ReferrerID: referrerID,
		RefereeID:  refereeID,
		BonusCents: s.ReferralBonusCents,
	})
}

// OnboardMerchant charges the onboarding fee and creates the merchant.
func (s *AccountService) OnboardMerchant(ctx context.Context, externalID, name, cardRef string) (mysqlstore.Merchant, error) {
	m, err := s.Merchants.ByExternalID(ctx, externalID)
	if err != nil {
		return m, err
	}
	if m.Name != "" {
		return m, nil
	}
	ch, err := s.Charger.Charge(ctx, "", payments.ChargeRequest{
		CustomerRef: cardRef,
		AmountCents: s.OnboardingFeeCents,
		Currency:    "EUR",
		Description: "Onboarding fee " + externalID,
	})
	if err != nil {
		return m, fmt.Errorf("onboarding fee: %w", err)
	}
	m = mysqlstore.Merchant{ExternalID: externalID, Name: name, FeeRef: ch.ID}
	if err := s.Merchants.Create(ctx, &m); err != nil {
		return m, err
	}
	return m, nil
}

// ImportMerchant creates a merchant synced from the partner platform and
// announces it; re-syncs are frequent.
func (s *AccountService) ImportMerchant(ctx context.Context, externalID, name string) (mysqlstore.Merchant, error) {
	m, err := s.Merchants.ByExternalID(ctx, externalID)
	if err != nil {
		return m, err
	}
	if m.Name != "" {
		return m, nil
	}
	m = mysqlstore.Merchant{ExternalID: externalID, Name: name}
	err = s.Merchants.Create(ctx, &m)
	if errors.Is(err, domain.ErrDuplicate) {
		return s.Merchants.ByExternalID(ctx, externalID)
	}
	if err != nil {
		return m, err
	}
	return m, s.Events.Publish(ctx, "merchant.created", m)
}
