package bunrepo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"
)

var ErrNotFound = errors.New("bunrepo: not found")

type Invitation struct {
	bun.BaseModel `bun:"table:invitations,alias:inv"`

	ID          int64      `bun:"id,pk,autoincrement"`
	WorkspaceID int64      `bun:"workspace_id,notnull"`
	Email       string     `bun:"email,notnull"`
	Role        string     `bun:"role,notnull"`
	Token       string     `bun:"token,notnull,unique"`
	Status      string     `bun:"status,notnull"`
	InvitedBy   int64      `bun:"invited_by,notnull"`
	AcceptedBy  *int64     `bun:"accepted_by"`
	AcceptedAt  *time.Time `bun:"accepted_at"`
	ExpiresAt   time.Time  `bun:"expires_at,notnull"`
	CreatedAt   time.Time  `bun:"created_at,nullzero,notnull,default:current_timestamp"`
}

type Workspace struct {
	bun.BaseModel `bun:"table:workspaces,alias:ws"`

	ID          int64  `bun:"id,pk,autoincrement"`
	Name        string `bun:"name,notnull"`
	SeatLimit   int    `bun:"seat_limit,notnull"`
	MemberCount int    `bun:"member_count,notnull"`
}

type Member struct {
	bun.BaseModel `bun:"table:workspace_members,alias:wm"`

	ID          int64     `bun:"id,pk,autoincrement"`
	WorkspaceID int64     `bun:"workspace_id,notnull"`
	UserID      int64     `bun:"user_id,notnull"`
	Role        string    `bun:"role,notnull"`
	JoinedAt    time.Time `bun:"joined_at,nullzero,notnull,default:current_timestamp"`
}

type InvitationRepo struct {
	db *bun.DB
}

func NewInvitationRepo(db *bun.DB) *InvitationRepo {
	return &InvitationRepo{db: db}
}

func (r *InvitationRepo) GetByToken(ctx context.Context, token string) (*Invitation, error) {
	inv := new(Invitation)
	err := r.db.NewSelect().Model(inv).Where("token = ?", token).Limit(1).Scan(ctx)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("get invitation: %w", err)
	}
	return inv, nil
}

// AddMember inserts the membership row and bumps the workspace's member
// counter used for seat billing.
func (r *InvitationRepo) AddMember(ctx context.Context, m *Member) error {
	return r.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		if _, err := tx.NewInsert().Model(m).Exec(ctx); err != nil {
			return fmt.Errorf("insert member: %w", err)
		}
		_, err := tx.NewUpdate().
			Model((*Workspace)(nil)).
			Set("member_count = member_count + 1").
			Where("id = ?", m.WorkspaceID).
			Exec(ctx)
		if err != nil {
			return fmt.Errorf("bump member count: %w", err)
		}
		return nil
	})
}

// Save writes every column of the invitation back.
func (r *InvitationRepo) Save(ctx context.Context, inv *Invitation) error {
	if _, err := r.db.NewUpdate().Model(inv).WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("save invitation %d: %w", inv.ID, err)
	}
	return nil
}
