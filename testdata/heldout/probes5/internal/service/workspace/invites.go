package workspace

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
)

const inviteTTL = 7 * 24 * time.Hour

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Invite e-mails a single-use invitation link.
func (s *Service) Invite(ctx context.Context, actor domain.Actor, email, role string) error {
	if !actor.IsAdmin() {
		return domain.ErrForbidden
	}
	buf := make([]byte, 24)
	if _, err := rand.Read(buf); err != nil {
		return err
	}
	token := base64.RawURLEncoding.EncodeToString(buf)
	inv, err := s.Invites.Create(ctx, domain.Invite{
		WorkspaceID: actor.WorkspaceID,
		Email:       strings.ToLower(email),
		Role:        role,
		TokenHash:   hashToken(token),
		InvitedBy:   actor.UserID,
		ExpiresAt:   time.Now().Add(inviteTTL),
	})
	if err != nil {
		return err
	}
	_, err = s.Mailer.Send(ctx, effects.Email{
		To:       inv.Email,
		Subject:  "You're invited to join Desk",
		Template: "invite",
		Data:     map[string]any{"token": token, "role": role},
	})
	return err
}

// AcceptInvite redeems an invitation for the signed-in user. Invitations are
// single use: a forwarded link must not let a second person in.
func (s *Service) AcceptInvite(ctx context.Context, user domain.User, token string) (domain.Member, error) {
	inv, err := s.Invites.GetByTokenHash(ctx, hashToken(token))
	if err != nil {
		return domain.Member{}, domain.ErrInvalidToken
	}
	if inv.AcceptedAt != nil || time.Now().After(inv.ExpiresAt) {
		return domain.Member{}, domain.ErrInvalidToken
	}
	ws, err := s.Workspaces.Get(ctx, inv.WorkspaceID)
	if err != nil {
		return domain.Member{}, err
	}
	m, err := s.Members.Add(ctx, domain.Member{WorkspaceID: ws.ID, UserID: user.ID, Role: inv.Role})
	if err != nil {
		return domain.Member{}, fmt.Errorf("join workspace: %w", err)
	}
	if err := s.Invites.MarkAccepted(ctx, inv.ID, user.ID); err != nil {
		return domain.Member{}, err
	}
	seats, _ := s.Members.Count(ctx, ws.ID, false)
	s.afterJoin(ctx, ws, user, int(seats))
	return m, nil
}

// AcceptSSOInvite redeems an invitation during SSO just-in-time
// provisioning. The token is consumed by one conditional update.
func (s *Service) AcceptSSOInvite(ctx context.Context, user domain.User, token string) (domain.Member, error) {
	inv, err := s.Invites.Accept(ctx, hashToken(token), user.ID)
	if err != nil {
		return domain.Member{}, err
	}
	ws, err := s.Workspaces.Get(ctx, inv.WorkspaceID)
	if err != nil {
		return domain.Member{}, err
	}
	m, err := s.Members.Add(ctx, domain.Member{WorkspaceID: ws.ID, UserID: user.ID, Role: inv.Role})
	if err != nil {
		return domain.Member{}, fmt.Errorf("join workspace: %w", err)
	}
	seats, _ := s.Members.Count(ctx, ws.ID, false)
	s.afterJoin(ctx, ws, user, int(seats))
	return m, nil
}
