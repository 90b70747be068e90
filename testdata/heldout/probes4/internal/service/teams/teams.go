// Package teams manages business accounts: members, guests and invites.
package teams

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"time"

	"example.com/shop4/internal/clients/mailer"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

var (
	ErrNoSeats       = errors.New("teams: no free seats")
	ErrGuestLimit    = errors.New("teams: guest limit reached")
	ErrInviteUsed    = errors.New("teams: invite already used")
	ErrInviteExpired = errors.New("teams: invite expired")
)

const inviteTTL = 7 * 24 * time.Hour

type Service struct {
	teams   store.TeamStore
	invites store.InviteStore
	mail    mailer.Mailer
	baseURL string
}

func New(t store.TeamStore, inv store.InviteStore, m mailer.Mailer, baseURL string) *Service {
	return &Service{teams: t, invites: inv, mail: m, baseURL: baseURL}
}

func newInviteToken() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// InviteMember e-mails an invitation link; an address with an open invite
// is not invited again.
func (s *Service) InviteMember(ctx context.Context, teamID int64, inviter domain.User, email, role string) (domain.Invite, error) {
	existing, err := s.invites.PendingFor(ctx, teamID, email)
	if err != nil {
		return domain.Invite{}, err
	}
	if existing.Email != "" {
		return existing, nil
	}
	inv := domain.Invite{
		TeamID:    teamID,
		Email:     email,
		Role:      role,
		Token:     newInviteToken(),
		InvitedBy: inviter.ID,
		ExpiresAt: time.Now().Add(inviteTTL),
	}
	if err := s.invites.Create(ctx, &inv); err != nil {
		return domain.Invite{}, err
	}
	return inv, s.sendInvite(ctx, inviter, inv)
}

func (s *Service) sendInvite(ctx context.Context, inviter domain.User, inv domain.Invite) error {
	return s.mail.Send(ctx, mailer.Message{To: inv.Email, Template: "team-invite", Data: map[string]any{
		"inviter": inviter.Name, "link": s.baseURL + "/teams/join?token=" + inv.Token,
	}})
}

// AcceptInvite joins u to the team of the invite behind token.
func (s *Service) AcceptInvite(ctx context.Context, token string, u domain.User) (*domain.Invite, error) {
	inv, err := s.invites.ByToken(ctx, token)
	if err != nil {
		return nil, err
	}
	if inv.AcceptedAt != nil {
		return nil, ErrInviteUsed
	}
	if inv.Expired(time.Now()) {
		return nil, ErrInviteExpired
	}
	if err := s.teams.AddMember(ctx, domain.Member{TeamID: inv.TeamID, UserID: u.ID, Role: inv.Role}); err != nil {
		return nil, err
	}
	now := time.Now()
	inv.AcceptedAt = &now
	inv.AcceptedBy = &u.ID
	if err := s.invites.Save(ctx, inv); err != nil {
		return nil, err
	}
	return inv, nil
}

// AddMember adds an existing user directly, as the team admin.
func (s *Service) AddMember(ctx context.Context, teamID, userID int64, role string) error {
	team, err := s.teams.Get(ctx, teamID)
	if err != nil {
		return err
	}
	used, err := s.teams.CountMembers(ctx, teamID)
	if err != nil {
		return err
	}
	if used >= team.Seats {
		return ErrNoSeats
	}
	return s.teams.AddMember(ctx, domain.Member{TeamID: teamID, UserID: userID, Role: role})
}

// AddGuest gives an outside address read access to the team's orders.
func (s *Service) AddGuest(ctx context.Context, teamID int64, inviter domain.User, email string) (*domain.Guest, error) {
	team, err := s.teams.Get(ctx, teamID)
	if err != nil {
		return nil, err
	}
	g := &domain.Guest{TeamID: teamID, Email: email, InvitedBy: inviter.ID}
	if err := s.teams.AddGuestWithinLimit(ctx, g, team.GuestLimit); err != nil {
		if errors.Is(err, store.ErrLimitReached) {
			return nil, ErrGuestLimit
		}
		return nil, err
	}
	return g, nil
}
