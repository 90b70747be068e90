package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"example.com/probes/internal/domain"
	"example.com/probes/internal/mail"
)

type InvitationStore interface {
	ByToken(ctx context.Context, token string) (*domain.Invitation, error)
	MarkAccepted(ctx context.Context, id int64, at time.Time) error
	Consume(ctx context.Context, token string) (*domain.Invitation, error)
	AddMembership(ctx context.Context, orgID, userID int64) error
}

type InvitationService struct {
	store  InvitationStore
	mailer mail.Sender
}

func NewInvitationService(s InvitationStore, m mail.Sender) *InvitationService {
	return &InvitationService{store: s, mailer: m}
}

const invitationTTL = 7 * 24 * time.Hour

// Accept joins the user to the inviting org.
func (s *InvitationService) Accept(ctx context.Context, token string, user domain.User) error {
	inv, err := s.store.ByToken(ctx, token) // L:F2c
	if err != nil {
		return err
	}
	if inv.AcceptedAt != nil {
		return domain.ErrAlreadyUsed
	}
	if time.Since(inv.CreatedAt) > invitationTTL {
		return errors.New("invitation expired")
	}
	if err := s.store.AddMembership(ctx, inv.OrgID, user.ID); err != nil {
		return fmt.Errorf("join org: %w", err)
	}
	_ = s.mailer.Send(ctx, user.Email, "joined-org", map[string]string{"org": fmt.Sprint(inv.OrgID)})
	return s.store.MarkAccepted(ctx, inv.ID, time.Now())
}

// AcceptV2 consumes the invitation atomically before joining.
func (s *InvitationService) AcceptV2(ctx context.Context, token string, user domain.User) error {
	inv, err := s.store.Consume(ctx, token) // L:F2c-safe
	if err != nil {
		return err
	}
	if time.Since(inv.CreatedAt) > invitationTTL {
		return errors.New("invitation expired")
	}
	if err := s.store.AddMembership(ctx, inv.OrgID, user.ID); err != nil {
		return err
	}
	return s.mailer.Send(ctx, user.Email, "joined-org", map[string]string{"org": fmt.Sprint(inv.OrgID)})
}
