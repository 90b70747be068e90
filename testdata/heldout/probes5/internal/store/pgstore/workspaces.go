package pgstore

import (
	"context"
	"database/sql"

	"example.com/desk5/internal/db"
	"example.com/desk5/internal/domain"
)

// Workspaces implements repo.Workspaces.
type Workspaces struct{ s *Store }

func NewWorkspaces(s *Store) *Workspaces { return &Workspaces{s: s} }

func ToWorkspace(w db.Workspace) domain.Workspace {
	return domain.Workspace{
		ID:               w.ID,
		Slug:             w.Slug,
		Name:             w.Name,
		Plan:             w.Plan,
		SeatLimit:        w.SeatLimit,
		LightSeatLimit:   w.LightSeatLimit,
		NextTicketNumber: w.NextTicketNumber,
		Theme:            w.Theme,
		CreatedAt:        w.CreatedAt,
	}
}

func (r *Workspaces) Get(ctx context.Context, id int64) (domain.Workspace, error) {
	w, err := r.s.Q.GetWorkspace(ctx, id)
	if err != nil {
		return domain.Workspace{}, MapErr(err)
	}
	return ToWorkspace(w), nil
}

func (r *Workspaces) CountBySlug(ctx context.Context, slug string) (int64, error) {
	n, err := r.s.Q.CountWorkspacesBySlug(ctx, slug)
	return n, MapErr(err)
}

func (r *Workspaces) Create(ctx context.Context, w domain.Workspace) (domain.Workspace, error) {
	row, err := r.s.Q.CreateWorkspace(ctx, db.CreateWorkspaceParams{
		Slug:      w.Slug,
		Name:      w.Name,
		Plan:      w.Plan,
		SeatLimit: w.SeatLimit,
	})
	if err != nil {
		return domain.Workspace{}, MapErr(err)
	}
	return ToWorkspace(row), nil
}

func (r *Workspaces) SetNextTicketNumber(ctx context.Context, id, next int64) error {
	return MapErr(r.s.Q.SetNextTicketNumber(ctx, db.SetNextTicketNumberParams{ID: id, NextTicketNumber: next}))
}

func (r *Workspaces) AllocateTicketNumber(ctx context.Context, id int64) (int64, error) {
	n, err := r.s.Q.AllocateTicketNumber(ctx, id)
	return n, MapErr(err)
}

func (r *Workspaces) UpdateTheme(ctx context.Context, id int64, theme string) error {
	return MapErr(r.s.Q.UpdateWorkspaceTheme(ctx, db.UpdateWorkspaceThemeParams{ID: id, Theme: theme}))
}

// Members implements repo.Members.
type Members struct{ s *Store }

func NewMembers(s *Store) *Members { return &Members{s: s} }

func ToMember(m db.WorkspaceMember) domain.Member {
	return domain.Member{
		ID:          m.ID,
		WorkspaceID: m.WorkspaceID,
		UserID:      m.UserID,
		Role:        m.Role,
		Light:       m.Light,
		CreatedAt:   m.CreatedAt,
	}
}

func (r *Members) Count(ctx context.Context, workspaceID int64, light bool) (int64, error) {
	n, err := r.s.Q.CountMembers(ctx, db.CountMembersParams{WorkspaceID: workspaceID, Light: light})
	return n, MapErr(err)
}

func (r *Members) Get(ctx context.Context, workspaceID, userID int64) (domain.Member, error) {
	m, err := r.s.Q.GetMember(ctx, db.GetMemberParams{WorkspaceID: workspaceID, UserID: userID})
	if err != nil {
		return domain.Member{}, MapErr(err)
	}
	return ToMember(m), nil
}

func (r *Members) Add(ctx context.Context, m domain.Member) (domain.Member, error) {
	row, err := r.s.Q.CreateMember(ctx, db.CreateMemberParams{
		WorkspaceID: m.WorkspaceID,
		UserID:      m.UserID,
		Role:        m.Role,
		Light:       m.Light,
	})
	if err != nil {
		return domain.Member{}, MapErr(err)
	}
	return ToMember(row), nil
}

// Invites implements repo.Invites.
type Invites struct{ s *Store }

func NewInvites(s *Store) *Invites { return &Invites{s: s} }

func toInvite(i db.Invite) domain.Invite {
	out := domain.Invite{
		ID:          i.ID,
		WorkspaceID: i.WorkspaceID,
		Email:       i.Email,
		Role:        i.Role,
		TokenHash:   i.TokenHash,
		InvitedBy:   i.InvitedBy,
		AcceptedBy:  i.AcceptedBy.Int64,
		ExpiresAt:   i.ExpiresAt,
	}
	if i.AcceptedAt.Valid {
		t := i.AcceptedAt.Time
		out.AcceptedAt = &t
	}
	return out
}

func (r *Invites) Create(ctx context.Context, inv domain.Invite) (domain.Invite, error) {
	row, err := r.s.Q.CreateInvite(ctx, db.CreateInviteParams{
		WorkspaceID: inv.WorkspaceID,
		Email:       inv.Email,
		Role:        inv.Role,
		TokenHash:   inv.TokenHash,
		InvitedBy:   inv.InvitedBy,
		ExpiresAt:   inv.ExpiresAt,
	})
	if err != nil {
		return domain.Invite{}, MapErr(err)
	}
	return toInvite(row), nil
}

func (r *Invites) GetByTokenHash(ctx context.Context, tokenHash string) (domain.Invite, error) {
	row, err := r.s.Q.GetInviteByTokenHash(ctx, tokenHash)
	if err != nil {
		return domain.Invite{}, MapErr(err)
	}
	return toInvite(row), nil
}

func (r *Invites) MarkAccepted(ctx context.Context, id, userID int64) error {
	return MapErr(r.s.Q.MarkInviteAccepted(ctx, db.MarkInviteAcceptedParams{
		ID:         id,
		AcceptedBy: sql.NullInt64{Int64: userID, Valid: true},
	}))
}

func (r *Invites) Accept(ctx context.Context, tokenHash string, userID int64) (domain.Invite, error) {
	row, err := r.s.Q.AcceptInvite(ctx, db.AcceptInviteParams{
		TokenHash:  tokenHash,
		AcceptedBy: sql.NullInt64{Int64: userID, Valid: true},
	})
	if err == sql.ErrNoRows {
		return domain.Invite{}, domain.ErrInvalidToken
	}
	if err != nil {
		return domain.Invite{}, MapErr(err)
	}
	return toInvite(row), nil
}

// Users implements repo.Users.
type Users struct{ s *Store }

func NewUsers(s *Store) *Users { return &Users{s: s} }

func toUser(u db.User) domain.User {
	return domain.User{
		ID:           u.ID,
		Email:        u.Email,
		Name:         u.Name,
		PasswordHash: u.PasswordHash,
		TOTPSecret:   u.TotpSecret.String,
		CreatedAt:    u.CreatedAt,
	}
}

func (r *Users) GetByID(ctx context.Context, id int64) (domain.User, error) {
	u, err := r.s.Q.GetUserByID(ctx, id)
	if err != nil {
		return domain.User{}, MapErr(err)
	}
	return toUser(u), nil
}

func (r *Users) GetByEmail(ctx context.Context, email string) (domain.User, error) {
	u, err := r.s.Q.GetUserByEmail(ctx, email)
	if err != nil {
		return domain.User{}, MapErr(err)
	}
	return toUser(u), nil
}

func (r *Users) SetPassword(ctx context.Context, id int64, hash string) error {
	return MapErr(r.s.Q.UpdateUserPassword(ctx, db.UpdateUserPasswordParams{ID: id, PasswordHash: hash}))
}
