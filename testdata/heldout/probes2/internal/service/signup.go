// Package service holds the application's use cases.
package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"strings"

	"example.com/shop2/internal/db/pg"
	"example.com/shop2/internal/notify"
)

var (
	ErrEmailTaken     = errors.New("email address already registered")
	ErrInvalidRequest = errors.New("invalid request")
)

// UserRepository is implemented by store.UserStore.
type UserRepository interface {
	FindByEmail(ctx context.Context, email string) (*pg.User, error)
	Create(ctx context.Context, email, name string) (*pg.User, error)
}

// Audience subscribes people to the marketing list.
type Audience interface {
	Subscribe(ctx context.Context, email, name string, tags ...string) error
}

type SignupService struct {
	users    UserRepository
	mailer   notify.Mailer
	audience Audience
	log      *slog.Logger
}

func NewSignupService(users UserRepository, mailer notify.Mailer, audience Audience, log *slog.Logger) *SignupService {
	return &SignupService{users: users, mailer: mailer, audience: audience, log: log}
}

type RegisterRequest struct {
	Email     string `json:"email"`
	Name      string `json:"name"`
	Marketing bool   `json:"marketing_opt_in"`
}

func (r RegisterRequest) normalize() (RegisterRequest, error) {
	addr, err := mail.ParseAddress(strings.TrimSpace(r.Email))
	if err != nil {
		return r, fmt.Errorf("%w: email: %v", ErrInvalidRequest, err)
	}
	r.Email = strings.ToLower(addr.Address)
	r.Name = strings.TrimSpace(r.Name)
	if r.Name == "" {
		r.Name = strings.SplitN(r.Email, "@", 2)[0]
	}
	return r, nil
}

// Register creates a user account for a new e-mail address.
func (s *SignupService) Register(ctx context.Context, in RegisterRequest) (*pg.User, error) {
	req, err := in.normalize()
	if err != nil {
		return nil, err
	}
	existing, err := s.users.FindByEmail(ctx, req.Email)
	if err != nil {
		return nil, fmt.Errorf("register: %w", err)
	}
	if existing != nil {
		return nil, ErrEmailTaken
	}

	s.onboard(ctx, req)

	u, err := s.users.Create(ctx, req.Email, req.Name)
	if err != nil {
		return nil, fmt.Errorf("register %s: %w", req.Email, err)
	}
	s.log.InfoContext(ctx, "user registered", "user_id", u.ID)
	return u, nil
}

// onboard sends the welcome mail and, when asked for, adds the address to
// the newsletter. Failures are logged: the account is still created.
func (s *SignupService) onboard(ctx context.Context, req RegisterRequest) {
	err := s.mailer.Send(ctx, notify.Message{
		To:       req.Email,
		Subject:  "Welcome to Shop",
		Template: "welcome",
		Data:     map[string]any{"name": req.Name},
	})
	if err != nil {
		s.log.WarnContext(ctx, "welcome mail failed", "err", err)
	}
	if req.Marketing {
		if err := s.audience.Subscribe(ctx, req.Email, req.Name, "signup"); err != nil {
			s.log.WarnContext(ctx, "newsletter subscribe failed", "err", err)
		}
	}
}
