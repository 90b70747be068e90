package pgrepo

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

type Teams struct{ pool *pgxpool.Pool }

func NewTeams(pool *pgxpool.Pool) *Teams { return &Teams{pool: pool} }

func (r *Teams) Get(ctx context.Context, id int64) (*domain.Team, error) {
	var t domain.Team
	err := r.pool.QueryRow(ctx, `SELECT id, name, owner_id, seats, guest_limit FROM teams WHERE id = $1`, id).
		Scan(&t.ID, &t.Name, &t.OwnerID, &t.Seats, &t.GuestLimit)
	if err != nil {
		return nil, mapErr(err)
	}
	return &t, nil
}

func (r *Teams) CountMembers(ctx context.Context, teamID int64) (int, error) {
	var n int
	err := r.pool.QueryRow(ctx, `SELECT count(*) FROM team_members WHERE team_id = $1`, teamID).Scan(&n)
	return n, err
}

func (r *Teams) AddMember(ctx context.Context, m domain.Member) error {
	_, err := r.pool.Exec(ctx,
		`INSERT INTO team_members (team_id, user_id, role, joined_at) VALUES ($1, $2, $3, now())`,
		m.TeamID, m.UserID, m.Role)
	return mapErr(err)
}

func (r *Teams) AddGuestWithinLimit(ctx context.Context, g *domain.Guest, limit int) error {
	return pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, g.TeamID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM team_guests WHERE team_id = $1`, g.TeamID).Scan(&n); err != nil {
			return err
		}
		if n >= limit {
			return fmt.Errorf("team guests: %w", store.ErrLimitReached)
		}
		return tx.QueryRow(ctx,
			`INSERT INTO team_guests (team_id, email, invited_by) VALUES ($1, $2, $3) RETURNING id, created_at`,
			g.TeamID, g.Email, g.InvitedBy).Scan(&g.ID, &g.CreatedAt)
	})
}
