package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/db/pg"
)

type TeamStore struct {
	q *pg.Queries
}

func NewTeamStore(pool *pgxpool.Pool) *TeamStore {
	return &TeamStore{q: pg.New(pool)}
}

func (s *TeamStore) FindBySlug(ctx context.Context, slug string) (pg.Team, error) {
	t, err := s.q.GetTeamBySlug(ctx, slug)
	if err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return pg.Team{}, ErrNotFound
		}
		return pg.Team{}, fmt.Errorf("get team %q: %w", slug, err)
	}
	return t, nil
}

func (s *TeamStore) Create(ctx context.Context, arg pg.CreateTeamParams) (pg.Team, error) {
	t, err := s.q.CreateTeam(ctx, arg)
	if err != nil {
		if isUniqueViolation(err) {
			return pg.Team{}, ErrDuplicate
		}
		return pg.Team{}, fmt.Errorf("insert team: %w", err)
	}
	return t, nil
}
