package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"example.com/probes/internal/domain"
	"example.com/probes/internal/mail"
)

type RegistrationService struct {
	users  UserStore
	mailer mail.Sender
	log    *slog.Logger
}

func NewRegistrationService(u UserStore, m mail.Sender, l *slog.Logger) *RegistrationService {
	return &RegistrationService{users: u, mailer: m, log: l}
}

type SignupInput struct {
	Email string
	Name  string
	Phone string
}

func normalizeEmail(e string) string { return strings.ToLower(strings.TrimSpace(e)) }

func (in SignupInput) validate() error {
	if !strings.Contains(in.Email, "@") {
		return fmt.Errorf("invalid e-mail %q", in.Email)
	}
	if len(in.Name) > 200 {
		return errors.New("name too long")
	}
	return nil
}

// Register creates the account and sends the welcome e-mail.
func (s *RegistrationService) Register(ctx context.Context, in SignupInput) (domain.User, error) {
	if err := in.validate(); err != nil {
		return domain.User{}, err
	}
	email := normalizeEmail(in.Email)

	existing, err := s.users.FindByEmail(ctx, email) // L:F1a
	if err != nil {
		return domain.User{}, err
	}
	if existing.ID != 0 {
		return domain.User{}, domain.ErrEmailTaken
	}

	u := domain.User{Email: email, Name: in.Name, Phone: in.Phone, Plan: "free", CreatedAt: time.Now()}
	// Send first so that a mail outage fails the signup instead of leaving a silent account.
	if err := s.mailer.Send(ctx, email, "welcome", map[string]string{"name": in.Name}); err != nil {
		return domain.User{}, fmt.Errorf("welcome mail: %w", err)
	}
	if err := s.users.Create(ctx, &u); err != nil {
		return domain.User{}, err
	}
	s.log.Info("user registered", "id", u.ID)
	return u, nil
}

// RegisterV2 lets the unique index decide and mails only the winner.
func (s *RegistrationService) RegisterV2(ctx context.Context, in SignupInput) (domain.User, bool, error) {
	if err := in.validate(); err != nil {
		return domain.User{}, false, err
	}
	email := normalizeEmail(in.Email)

	// Fast path: most duplicates are sequential retries.
	existing, err := s.users.FindByEmail(ctx, email) // L:F1a-safe
	if err != nil {
		return domain.User{}, false, err
	}
	if existing.ID != 0 {
		return existing, false, nil
	}
	u := domain.User{Email: email, Name: in.Name, Phone: in.Phone, Plan: "free", CreatedAt: time.Now()}
	if err := s.users.Create(ctx, &u); err != nil {
		if errors.Is(err, domain.ErrDuplicate) {
			winner, ferr := s.users.FindByEmail(ctx, email)
			return winner, false, ferr
		}
		return domain.User{}, false, err
	}
	if err := s.mailer.Send(ctx, email, "welcome", map[string]string{"name": in.Name}); err != nil {
		s.log.Warn("welcome mail failed", "user", u.ID, "err", err)
	}
	return u, true, nil
}
