package service

import (
	"context"
	"fmt"

	"example.com/probes/internal/domain"
	"example.com/probes/internal/mail"
)

type TeamStore interface {
	FindActiveMember(ctx context.Context, teamID, userID int64) (*domain.TeamMember, error)
	AddMember(ctx context.Context, m *domain.TeamMember) error
	AddMemberLocked(ctx context.Context, m *domain.TeamMember) (bool, error)
}

type TeamService struct {
	teams  TeamStore
	users  UserStore
	mailer mail.Sender
}

func NewTeamService(t TeamStore, u UserStore, m mail.Sender) *TeamService {
	return &TeamService{teams: t, users: u, mailer: m}
}

func (s *TeamService) notifyAdded(ctx context.Context, userID, teamID int64, role string) error {
	u, err := s.users.GetByID(ctx, userID)
	if err != nil {
		return err
	}
	return s.mailer.Send(ctx, u.Email, "team-added", map[string]string{
		"team": fmt.Sprint(teamID),
		"role": role,
	})
}

// AddToTeam adds a user unless already an active member. There is no unique
// index on team_members (rows of members who left are kept).
func (s *TeamService) AddToTeam(ctx context.Context, teamID, userID int64, role string) (*domain.TeamMember, error) {
	m, err := s.teams.FindActiveMember(ctx, teamID, userID) // L:F1d
	if err != nil {
		return nil, err
	}
	if m != nil {
		return m, nil
	}
	m = &domain.TeamMember{TeamID: teamID, UserID: userID, Role: role}
	if err := s.teams.AddMember(ctx, m); err != nil {
		return nil, err
	}
	if err := s.notifyAdded(ctx, userID, teamID, role); err != nil {
		return m, err
	}
	return m, nil
}

// AddToTeamV2 relies on the repository locking the team row.
func (s *TeamService) AddToTeamV2(ctx context.Context, teamID, userID int64, role string) error {
	m := &domain.TeamMember{TeamID: teamID, UserID: userID, Role: role}
	added, err := s.teams.AddMemberLocked(ctx, m)
	if err != nil {
		return err
	}
	if !added {
		return nil
	}
	return s.notifyAdded(ctx, userID, teamID, role)
}
