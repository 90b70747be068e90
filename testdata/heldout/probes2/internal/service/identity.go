package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"example.com/shop2/internal/db/pg"
	"example.com/shop2/internal/notify"
	"example.com/shop2/internal/store"
)

var ErrIdentityInUse = errors.New("identity is linked to another account")

// IdentityRepository is implemented by store.IdentityStore.
type IdentityRepository interface {
	Find(ctx context.Context, provider, subject string) (pg.Identity, bool, error)
	Create(ctx context.Context, arg pg.CreateIdentityParams) (pg.Identity, error)
}

// Claims is what we keep from a verified ID token.
type Claims struct {
	Subject       string
	Email         string
	EmailVerified bool
}

type IdentityService struct {
	identities IdentityRepository
	mailer     notify.Mailer
	log        *slog.Logger
}

func NewIdentityService(identities IdentityRepository, mailer notify.Mailer, log *slog.Logger) *IdentityService {
	return &IdentityService{identities: identities, mailer: mailer, log: log}
}

// Link attaches an external identity to the signed-in user (account
// settings, "Connect Google").
func (s *IdentityService) Link(ctx context.Context, userID int64, provider string, c Claims) (pg.Identity, error) {
	if c.Subject == "" {
		return pg.Identity{}, fmt.Errorf("%w: empty subject", ErrInvalidRequest)
	}
	id, found, err := s.identities.Find(ctx, provider, c.Subject)
	if err != nil {
		return pg.Identity{}, fmt.Errorf("link %s: %w", provider, err)
	}
	if found {
		if id.UserID != userID {
			return pg.Identity{}, ErrIdentityInUse
		}
		return id, nil
	}
	created, err := s.identities.Create(ctx, pg.CreateIdentityParams{
		UserID:   userID,
		Provider: provider,
		Subject:  c.Subject,
		Email:    c.Email,
	})
	if err != nil {
		return pg.Identity{}, fmt.Errorf("link %s: %w", provider, err)
	}
	s.linkedNotice(ctx, c.Email, provider)
	return created, nil
}

// SignIn resolves an OAuth callback to a user. An unknown identity whose
// verified e-mail belongs to userID is linked on the fly.
func (s *IdentityService) SignIn(ctx context.Context, userID int64, provider string, c Claims) (int64, error) {
	id, found, err := s.identities.Find(ctx, provider, c.Subject)
	if err != nil {
		return 0, fmt.Errorf("sign in %s: %w", provider, err)
	}
	if found {
		return id.UserID, nil
	}
	if !c.EmailVerified || userID == 0 {
		return 0, fmt.Errorf("%w: unverified e-mail", ErrInvalidRequest)
	}
	created, err := s.identities.Create(ctx, pg.CreateIdentityParams{
		UserID:   userID,
		Provider: provider,
		Subject:  c.Subject,
		Email:    c.Email,
	})
	if errors.Is(err, store.ErrDuplicate) {
		// The other callback of a double click got there first.
		id, found, err = s.identities.Find(ctx, provider, c.Subject)
		if err != nil || !found {
			return 0, fmt.Errorf("sign in %s: reload identity: %w", provider, err)
		}
		return id.UserID, nil
	}
	if err != nil {
		return 0, fmt.Errorf("sign in %s: %w", provider, err)
	}
	s.linkedNotice(ctx, c.Email, provider)
	return created.UserID, nil
}

func (s *IdentityService) linkedNotice(ctx context.Context, email, provider string) {
	if email == "" {
		return
	}
	err := s.mailer.Send(ctx, notify.Message{
		To:       email,
		Subject:  "A new sign-in method was added to your account",
		Template: "identity_linked",
		Data:     map[string]any{"provider": provider},
	})
	if err != nil {
		s.log.WarnContext(ctx, "identity linked mail failed", "err", err)
	}
}
