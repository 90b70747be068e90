package repo

import (
	"context"

	"github.com/jmoiron/sqlx"

	"example.com/probes/internal/domain"
)

type OrgRepo struct {
	db *sqlx.DB
}

func NewOrgRepo(db *sqlx.DB) *OrgRepo { return &OrgRepo{db: db} }

func (r *OrgRepo) Get(ctx context.Context, id int64) (domain.Org, error) {
	var o domain.Org
	err := r.db.GetContext(ctx, &o, `SELECT id, name, seats, seats_used FROM orgs WHERE id = $1`, id)
	return o, err
}

// SeatUsage counts members plus open invitations.
func (r *OrgRepo) SeatUsage(ctx context.Context, orgID int64) (members, pending int, err error) {
	err = r.db.QueryRowxContext(ctx, `
		SELECT (SELECT count(*) FROM memberships WHERE org_id = $1),
		       (SELECT count(*) FROM invitations WHERE org_id = $1 AND accepted_at IS NULL)`, orgID).
		Scan(&members, &pending)
	return
}

func (r *OrgRepo) CreateInvitation(ctx context.Context, orgID int64, email, token string) (int64, error) {
	var id int64
	err := r.db.QueryRowxContext(ctx,
		`INSERT INTO invitations (org_id, email, token) VALUES ($1, $2, $3) RETURNING id`, orgID, email, token).Scan(&id)
	return id, err
}

// ReserveSeat bumps seats_used while below seats.
func (r *OrgRepo) ReserveSeat(ctx context.Context, orgID int64) (bool, error) {
	res, err := r.db.ExecContext(ctx, `UPDATE orgs SET seats_used = seats_used + 1 WHERE id = $1 AND seats_used < seats`, orgID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}
