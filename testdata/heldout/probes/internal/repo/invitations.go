package repo

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"example.com/probes/internal/domain"
)

type InvitationRepo struct {
	DB *sql.DB
}

func (r *InvitationRepo) ByToken(ctx context.Context, token string) (*domain.Invitation, error) {
	inv := new(domain.Invitation)
	err := r.DB.QueryRowContext(ctx,
		`SELECT id, org_id, email, token, accepted_at, created_at FROM invitations WHERE token = $1`, token).
		Scan(&inv.ID, &inv.OrgID, &inv.Email, &inv.Token, &inv.AcceptedAt, &inv.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	return inv, nil
}

func (r *InvitationRepo) MarkAccepted(ctx context.Context, id int64, at time.Time) error {
	_, err := r.DB.ExecContext(ctx, `UPDATE invitations SET accepted_at = $1 WHERE id = $2`, at, id)
	return err
}

// Consume marks the invitation accepted if nobody did yet, and returns it.
func (r *InvitationRepo) Consume(ctx context.Context, token string) (*domain.Invitation, error) {
	inv := new(domain.Invitation)
	err := r.DB.QueryRowContext(ctx,
		`UPDATE invitations SET accepted_at = now() WHERE token = $1 AND accepted_at IS NULL
		 RETURNING id, org_id, email, token, accepted_at, created_at`, token).
		Scan(&inv.ID, &inv.OrgID, &inv.Email, &inv.Token, &inv.AcceptedAt, &inv.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, domain.ErrAlreadyUsed
	}
	return inv, err
}

func (r *InvitationRepo) AddMembership(ctx context.Context, orgID, userID int64) error {
	_, err := r.DB.ExecContext(ctx, `INSERT INTO memberships (org_id, user_id) VALUES ($1, $2)`, orgID, userID)
	return err
}
