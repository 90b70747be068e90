package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"regexp"

	"example.com/shop2/internal/db/pg"
	"example.com/shop2/internal/notify"
	"example.com/shop2/internal/store"
)

var ErrSlugTaken = errors.New("team slug is taken")

var slugRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{2,39}$`)

type TeamRepository interface {
	FindBySlug(ctx context.Context, slug string) (pg.Team, error)
	Create(ctx context.Context, arg pg.CreateTeamParams) (pg.Team, error)
}

type TeamService struct {
	teams TeamRepository
	users interface {
		Get(context.Context, int64) (pg.User, error)
	}
	mailer notify.Mailer
	log    *slog.Logger
}

func NewTeamService(teams TeamRepository, users interface {
	Get(context.Context, int64) (pg.User, error)
}, mailer notify.Mailer, log *slog.Logger) *TeamService {
	return &TeamService{teams: teams, users: users, mailer: mailer, log: log}
}

// CreateTeam creates a team owned by ownerID. Creating the same slug again
// for the same owner returns the existing team with created=false.
func (s *TeamService) CreateTeam(ctx context.Context, ownerID int64, slug, name string) (team pg.Team, created bool, err error) {
	if !slugRE.MatchString(slug) {
		return pg.Team{}, false, fmt.Errorf("%w: slug %q", ErrInvalidRequest, slug)
	}
	existing, err := s.teams.FindBySlug(ctx, slug)
	switch {
	case err == nil:
		return s.sameOwner(existing, ownerID)
	case !errors.Is(err, store.ErrNotFound):
		return pg.Team{}, false, fmt.Errorf("create team: %w", err)
	}

	team, err = s.teams.Create(ctx, pg.CreateTeamParams{Slug: slug, Name: name, OwnerID: ownerID})
	if errors.Is(err, store.ErrDuplicate) {
		existing, err = s.teams.FindBySlug(ctx, slug)
		if err != nil {
			return pg.Team{}, false, fmt.Errorf("create team: reload %q: %w", slug, err)
		}
		return s.sameOwner(existing, ownerID)
	}
	if err != nil {
		return pg.Team{}, false, fmt.Errorf("create team: %w", err)
	}

	s.announce(ctx, team)
	return team, true, nil
}

func (s *TeamService) sameOwner(t pg.Team, ownerID int64) (pg.Team, bool, error) {
	if t.OwnerID != ownerID {
		return pg.Team{}, false, ErrSlugTaken
	}
	return t, false, nil
}

func (s *TeamService) announce(ctx context.Context, t pg.Team) {
	owner, err := s.users.Get(ctx, t.OwnerID)
	if err != nil {
		s.log.WarnContext(ctx, "team created mail: load owner", "err", err)
		return
	}
	err = s.mailer.Send(ctx, notify.Message{
		To:       owner.Email,
		Subject:  "Your team " + t.Name + " is ready",
		Template: "team_created",
		Data:     map[string]any{"team": t.Name, "slug": t.Slug},
	})
	if err != nil {
		s.log.WarnContext(ctx, "team created mail failed", "team_id", t.ID, "err", err)
	}
}
