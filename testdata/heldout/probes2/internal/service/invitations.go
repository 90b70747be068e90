package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"example.com/shop2/internal/store/bunrepo"
)

var (
	ErrInvitationNotFound = errors.New("invitation not found")
	ErrInvitationUsed     = errors.New("invitation already used")
	ErrInvitationExpired  = errors.New("invitation expired")
)

type InvitationRepository interface {
	GetByToken(ctx context.Context, token string) (*bunrepo.Invitation, error)
	AddMember(ctx context.Context, m *bunrepo.Member) error
	Save(ctx context.Context, inv *bunrepo.Invitation) error
}

type InvitationService struct {
	invitations InvitationRepository
	log         *slog.Logger
	now         func() time.Time
}

func NewInvitationService(invitations InvitationRepository, log *slog.Logger) *InvitationService {
	return &InvitationService{invitations: invitations, log: log, now: time.Now}
}

// Accept joins userID to the workspace the invitation is for.
func (s *InvitationService) Accept(ctx context.Context, token string, userID int64) (*bunrepo.Invitation, error) {
	inv, err := s.invitations.GetByToken(ctx, token)
	if errors.Is(err, bunrepo.ErrNotFound) {
		return nil, ErrInvitationNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("accept invitation: %w", err)
	}
	if inv.Status != "pending" {
		return nil, ErrInvitationUsed
	}
	if s.now().After(inv.ExpiresAt) {
		return nil, ErrInvitationExpired
	}

	if err := s.join(ctx, inv, userID); err != nil {
		return nil, fmt.Errorf("accept invitation %d: %w", inv.ID, err)
	}
	if err := s.close(ctx, inv, userID); err != nil {
		return nil, fmt.Errorf("accept invitation %d: %w", inv.ID, err)
	}
	return inv, nil
}

func (s *InvitationService) join(ctx context.Context, inv *bunrepo.Invitation, userID int64) error {
	return s.invitations.AddMember(ctx, &bunrepo.Member{
		WorkspaceID: inv.WorkspaceID,
		UserID:      userID,
		Role:        inv.Role,
	})
}

func (s *InvitationService) close(ctx context.Context, inv *bunrepo.Invitation, userID int64) error {
	now := s.now()
	inv.Status = "accepted"
	inv.AcceptedBy = &userID
	inv.AcceptedAt = &now
	return s.invitations.Save(ctx, inv)
}
