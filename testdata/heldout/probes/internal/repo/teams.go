package repo

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/probes/internal/domain"
)

// TeamRepo uses pgx.
type TeamRepo struct {
	pool *pgxpool.Pool
}

func NewTeamRepo(p *pgxpool.Pool) *TeamRepo { return &TeamRepo{pool: p} }

// FindActiveMember returns nil, nil when the user is not on the team.
func (r *TeamRepo) FindActiveMember(ctx context.Context, teamID, userID int64) (*domain.TeamMember, error) {
	m := &domain.TeamMember{}
	err := r.pool.QueryRow(ctx,
		`SELECT id, team_id, user_id, role FROM team_members WHERE team_id = $1 AND user_id = $2 AND left_at IS NULL`,
		teamID, userID).Scan(&m.ID, &m.TeamID, &m.UserID, &m.Role)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

func (r *TeamRepo) AddMember(ctx context.Context, m *domain.TeamMember) error {
	return r.pool.QueryRow(ctx,
		`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, $3) RETURNING id`,
		m.TeamID, m.UserID, m.Role).Scan(&m.ID)
}

// AddMemberLocked serialises additions per team by locking a team row first.
func (r *TeamRepo) AddMemberLocked(ctx context.Context, m *domain.TeamMember) (added bool, err error) {
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return false, err
	}
	defer tx.Rollback(ctx)
	var teamID int64
	if err := tx.QueryRow(ctx, `SELECT id FROM teams WHERE id = $1 FOR UPDATE`, m.TeamID).Scan(&teamID); err != nil {
		return false, err
	}
	var exists bool
	if err := tx.QueryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM team_members WHERE team_id = $1 AND user_id = $2 AND left_at IS NULL)`, // L:F1d-safe
		m.TeamID, m.UserID).Scan(&exists); err != nil {
		return false, err
	}
	if exists {
		return false, nil
	}
	if err := tx.QueryRow(ctx,
		`INSERT INTO team_members (team_id, user_id, role) VALUES ($1, $2, $3) RETURNING id`,
		m.TeamID, m.UserID, m.Role).Scan(&m.ID); err != nil {
		return false, err
	}
	return true, tx.Commit(ctx)
}
