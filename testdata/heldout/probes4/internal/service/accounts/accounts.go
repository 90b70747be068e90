// Package accounts handles sign-up, profiles and e-mail verification.
package accounts

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"example.com/shop4/internal/clients/mailer"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

var (
	ErrEmailTaken   = errors.New("accounts: e-mail already registered")
	ErrInvalidToken = errors.New("accounts: invalid verification link")
	ErrTokenExpired = errors.New("accounts: verification link expired")
)

const (
	profileBonusCents  = 500
	verifiedBonusCents = 200
)

type Service struct {
	users         store.UserStore
	profiles      store.ProfileStore
	wallet        store.WalletStore
	verifications store.VerificationStore
	mail          mailer.Mailer
}

func New(users store.UserStore, profiles store.ProfileStore, wallet store.WalletStore,
	verifications store.VerificationStore, m mailer.Mailer) *Service {
	return &Service{users: users, profiles: profiles, wallet: wallet, verifications: verifications, mail: m}
}

type RegisterRequest struct {
	Email  string `json:"email"`
	Name   string `json:"name"`
	Locale string `json:"locale"`
}

func normalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

func (s *Service) Register(ctx context.Context, req RegisterRequest) (*domain.User, error) {
	email := normalizeEmail(req.Email)
	existing, err := s.users.FindByEmail(ctx, email)
	if err != nil {
		return nil, err
	}
	if existing.ID != 0 {
		return nil, ErrEmailTaken
	}
	u := &domain.User{Email: email, Name: req.Name, Locale: req.Locale, Role: "customer"}
	created, err := s.users.CreateIfAbsent(ctx, u)
	if err != nil {
		return nil, err
	}
	if !created {
		return nil, ErrEmailTaken
	}
	s.onboard(ctx, u)
	return u, nil
}

func (s *Service) onboard(ctx context.Context, u *domain.User) {
	if err := s.mail.Send(ctx, mailer.Message{To: u.Email, Template: "welcome", Data: map[string]any{"name": u.Name}}); err != nil {
		slog.WarnContext(ctx, "welcome mail", "user", u.ID, "err", err)
	}
}

// EnsureProfile returns the user's public profile, creating it (and paying
// the profile bonus) the first time it is asked for.
func (s *Service) EnsureProfile(ctx context.Context, u domain.User) (domain.Profile, error) {
	p, err := s.profiles.ProfileByUserID(ctx, u.ID)
	if err != nil {
		return domain.Profile{}, err
	}
	if p.UserID != 0 {
		return p, nil
	}
	p = domain.Profile{UserID: u.ID, DisplayName: displayName(u)}
	if err := s.profiles.InsertProfile(ctx, p); err != nil {
		return domain.Profile{}, err
	}
	if err := s.grantProfileBonus(ctx, u.ID); err != nil {
		slog.ErrorContext(ctx, "profile bonus", "user", u.ID, "err", err)
	}
	return p, nil
}

func (s *Service) grantProfileBonus(ctx context.Context, userID int64) error {
	return s.wallet.Credit(ctx, userID, profileBonusCents, "profile-bonus")
}

func displayName(u domain.User) string {
	if u.Name != "" {
		return u.Name
	}
	name, _, _ := strings.Cut(u.Email, "@")
	return name
}

// EnsureNotificationSettings creates the default notification settings on
// first use and tells the user how to change them.
func (s *Service) EnsureNotificationSettings(ctx context.Context, u domain.User) (domain.NotificationSettings, error) {
	ns, err := s.profiles.SettingsByUserID(ctx, u.ID)
	if err != nil {
		return domain.NotificationSettings{}, err
	}
	if ns.UserID != 0 {
		return ns, nil
	}
	ns = domain.NotificationSettings{UserID: u.ID, OrderEmails: true}
	inserted, err := s.profiles.InsertSettingsIfAbsent(ctx, ns)
	if err != nil {
		return domain.NotificationSettings{}, err
	}
	if inserted {
		if err := s.mail.Send(ctx, mailer.Message{To: u.Email, Template: "notifications-intro"}); err != nil {
			slog.WarnContext(ctx, "notifications intro", "user", u.ID, "err", err)
		}
	}
	return ns, nil
}

func (s *Service) UpdateLocale(ctx context.Context, userID int64, locale string) error {
	u, err := s.users.ByID(ctx, userID)
	if err != nil {
		return err
	}
	if u.Locale == locale {
		return nil
	}
	return s.users.UpdateColumns(ctx, userID, map[string]any{"locale": locale})
}

func (s *Service) VerifyEmail(ctx context.Context, token string) error {
	vt, err := s.verifications.ByToken(ctx, token)
	if errors.Is(err, store.ErrNotFound) {
		return ErrInvalidToken
	}
	if err != nil {
		return err
	}
	if time.Now().After(vt.ExpiresAt) {
		return ErrTokenExpired
	}
	consumed, err := s.verifications.Consume(ctx, token)
	if err != nil {
		return err
	}
	if !consumed {
		return ErrInvalidToken
	}
	if err := s.users.UpdateColumns(ctx, vt.UserID, map[string]any{"email_verified": true}); err != nil {
		return err
	}
	return s.wallet.Credit(ctx, vt.UserID, verifiedBonusCents, "email-verified")
}
