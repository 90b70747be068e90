package workspace

import (
	"context"
	"fmt"

	"example.com/desk5/internal/db"
	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/pgstore"
)

// AddAgent gives a user a full agent seat. Full seats are billed, and the
// plan's seat limit caps them.
func (s *Service) AddAgent(ctx context.Context, actor domain.Actor, userID int64, role string) (domain.Member, error) {
	if !actor.IsAdmin() {
		return domain.Member{}, domain.ErrForbidden
	}
	if role == "" {
		role = "agent"
	}
	ws, err := s.Workspaces.Get(ctx, actor.WorkspaceID)
	if err != nil {
		return domain.Member{}, err
	}
	used, err := s.Members.Count(ctx, ws.ID, false)
	if err != nil {
		return domain.Member{}, err
	}
	if used >= int64(ws.SeatLimit) {
		return domain.Member{}, fmt.Errorf("%d of %d seats used: %w", used, ws.SeatLimit, domain.ErrQuotaExceeded)
	}
	user, err := s.Users.GetByID(ctx, userID)
	if err != nil {
		return domain.Member{}, err
	}
	m, err := s.Members.Add(ctx, domain.Member{WorkspaceID: ws.ID, UserID: user.ID, Role: role})
	if err != nil {
		return domain.Member{}, err
	}
	s.afterJoin(ctx, ws, user, int(used)+1)
	return m, nil
}

func (s *Service) afterJoin(ctx context.Context, ws domain.Workspace, user domain.User, seats int) {
	if s.Seats != nil {
		if err := s.Seats.SyncSeats(ctx, ws.ID, seats); err != nil {
			s.Log.WarnContext(ctx, "seat sync", "workspace", ws.ID, "err", err)
		}
	}
	if _, err := s.Mailer.Send(ctx, effects.Email{
		To:       user.Email,
		Subject:  "You have been added to " + ws.Name,
		Template: "member_added",
		Data:     map[string]any{"workspace": ws.Name},
	}); err != nil {
		s.Log.WarnContext(ctx, "member mail", "err", err)
	}
}

// AddLightAgent gives a user a free light-agent seat (read and internal
// notes only). Light seats are capped per plan.
func (s *Service) AddLightAgent(ctx context.Context, actor domain.Actor, userID int64) (domain.Member, error) {
	if !actor.IsAdmin() {
		return domain.Member{}, domain.ErrForbidden
	}
	var (
		out domain.Member
		ws  domain.Workspace
	)
	err := s.Store.WithTx(ctx, func(q *db.Queries) error {
		row, err := q.GetWorkspaceForUpdate(ctx, actor.WorkspaceID)
		if err != nil {
			return err
		}
		ws = pgstore.ToWorkspace(row)
		used, err := q.CountMembers(ctx, db.CountMembersParams{WorkspaceID: ws.ID, Light: true})
		if err != nil {
			return err
		}
		if used >= int64(ws.LightSeatLimit) {
			return fmt.Errorf("%d of %d light seats used: %w", used, ws.LightSeatLimit, domain.ErrQuotaExceeded)
		}
		m, err := q.CreateMember(ctx, db.CreateMemberParams{WorkspaceID: ws.ID, UserID: userID, Role: "light", Light: true})
		if err != nil {
			return err
		}
		out = pgstore.ToMember(m)
		return nil
	})
	if err != nil {
		return domain.Member{}, pgstore.MapErr(err)
	}
	return out, nil
}
