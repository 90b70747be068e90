// Package workspace manages tenant workspaces: creation, members, seats,
// invitations, mailboxes and custom domains.
package workspace

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"regexp"
	"strings"

	"example.com/desk5/internal/db"
	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/repo"
	"example.com/desk5/internal/store/pgstore"
)

// SeatSync keeps the billing subscription's seat count in line with
// membership (implemented by the billing service).
type SeatSync interface {
	SyncSeats(ctx context.Context, workspaceID int64, seats int) error
}

type Service struct {
	Store      *pgstore.Store
	Workspaces repo.Workspaces
	Members    repo.Members
	Invites    repo.Invites
	Users      repo.Users
	Mailer     effects.Mailer
	Routing    effects.MailRouting
	Certs      effects.CertIssuer
	Events     effects.EventPublisher
	Seats      SeatSync
	MailDomain string
	Log        *slog.Logger
}

var slugRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$`)

// CreateRequest is the sign-up form.
type CreateRequest struct {
	Slug  string
	Name  string
	Plan  string
	Owner domain.User
}

// Create provisions a workspace with its owner.
func (s *Service) Create(ctx context.Context, req CreateRequest) (domain.Workspace, error) {
	slug := strings.ToLower(strings.TrimSpace(req.Slug))
	if !slugRE.MatchString(slug) {
		return domain.Workspace{}, domain.Invalid("slug", "3-40 lowercase letters, digits or dashes")
	}
	n, err := s.Workspaces.CountBySlug(ctx, slug)
	if err != nil {
		return domain.Workspace{}, err
	}
	if n > 0 {
		return domain.Workspace{}, fmt.Errorf("slug %q taken: %w", slug, domain.ErrAlreadyExists)
	}
	plan := req.Plan
	if plan == "" {
		plan = "starter"
	}
	ws, err := s.Workspaces.Create(ctx, domain.Workspace{Slug: slug, Name: req.Name, Plan: plan, SeatLimit: 3})
	if err != nil {
		return domain.Workspace{}, err
	}
	if _, err := s.Members.Add(ctx, domain.Member{WorkspaceID: ws.ID, UserID: req.Owner.ID, Role: "owner"}); err != nil {
		return domain.Workspace{}, fmt.Errorf("add owner: %w", err)
	}
	if _, err := s.Mailer.Send(ctx, effects.Email{
		To:       req.Owner.Email,
		Subject:  "Welcome to Desk, " + req.Name,
		Template: "workspace_welcome",
		Data:     map[string]any{"slug": slug},
	}); err != nil {
		s.Log.WarnContext(ctx, "welcome mail", "err", err)
	}
	_ = s.Events.Publish(ctx, "workspaces.created", map[string]any{"workspace_id": ws.ID, "plan": plan})
	return ws, nil
}

// AddMailbox registers an additional support address (for example
// billing@acme.desk.example) and creates the inbound route for it.
func (s *Service) AddMailbox(ctx context.Context, actor domain.Actor, local string) (domain.Mailbox, error) {
	if !actor.IsAdmin() {
		return domain.Mailbox{}, domain.ErrForbidden
	}
	local = strings.ToLower(strings.TrimSpace(local))
	if local == "" || strings.ContainsAny(local, "@ ") {
		return domain.Mailbox{}, domain.Invalid("address", "local part only")
	}
	address := local + "@" + s.MailDomain
	taken, err := s.Store.Q.CountMailboxesByAddress(ctx, address)
	if err != nil {
		return domain.Mailbox{}, pgstore.MapErr(err)
	}
	if taken > 0 {
		return domain.Mailbox{}, fmt.Errorf("address %s: %w", address, domain.ErrConflict)
	}
	return s.provisionMailbox(ctx, actor.WorkspaceID, address, false)
}

func (s *Service) provisionMailbox(ctx context.Context, workspaceID int64, address string, isDefault bool) (domain.Mailbox, error) {
	routeID, err := s.Routing.CreateInboundRoute(ctx, address, workspaceID)
	if err != nil {
		return domain.Mailbox{}, fmt.Errorf("create route: %w", err)
	}
	mb, err := s.Store.Q.CreateMailbox(ctx, db.CreateMailboxParams{
		WorkspaceID: workspaceID,
		Address:     address,
		IsDefault:   isDefault,
		RouteID:     routeID,
	})
	if err != nil {
		return domain.Mailbox{}, pgstore.MapErr(err)
	}
	return domain.Mailbox{ID: mb.ID, WorkspaceID: mb.WorkspaceID, Address: mb.Address, IsDefault: mb.IsDefault, RouteID: mb.RouteID}, nil
}

// EnsureDefaultMailbox creates the workspace's default support address the
// first time the inbox is opened. The workspace row is locked first.
func (s *Service) EnsureDefaultMailbox(ctx context.Context, workspaceID int64) (domain.Mailbox, error) {
	var out domain.Mailbox
	err := s.Store.WithTx(ctx, func(q *db.Queries) error {
		ws, err := q.GetWorkspaceForUpdate(ctx, workspaceID)
		if err != nil {
			return err
		}
		mb, err := q.GetDefaultMailbox(ctx, ws.ID)
		if err == nil {
			out = domain.Mailbox{ID: mb.ID, WorkspaceID: mb.WorkspaceID, Address: mb.Address, IsDefault: true, RouteID: mb.RouteID}
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		address := ws.Slug + "@" + s.MailDomain
		routeID, err := s.Routing.CreateInboundRoute(ctx, address, ws.ID)
		if err != nil {
			return err
		}
		created, err := q.CreateMailbox(ctx, db.CreateMailboxParams{WorkspaceID: ws.ID, Address: address, IsDefault: true, RouteID: routeID})
		if err != nil {
			return err
		}
		out = domain.Mailbox{ID: created.ID, WorkspaceID: created.WorkspaceID, Address: created.Address, IsDefault: true, RouteID: created.RouteID}
		return nil
	})
	return out, pgstore.MapErr(err)
}

// ClaimCustomDomain attaches a vanity hostname (help.acme.com) to the
// workspace's help center and orders its certificate.
func (s *Service) ClaimCustomDomain(ctx context.Context, actor domain.Actor, hostname string) (domain.CustomDomain, error) {
	if !actor.IsAdmin() {
		return domain.CustomDomain{}, domain.ErrForbidden
	}
	hostname = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(hostname)), ".")
	if strings.Count(hostname, ".") < 1 || strings.HasSuffix(hostname, "."+s.MailDomain) {
		return domain.CustomDomain{}, domain.Invalid("hostname", "must be a domain you own")
	}
	var out domain.CustomDomain
	err := s.Store.WithTx(ctx, func(q *db.Queries) error {
		existing, err := q.GetCustomDomainForUpdate(ctx, hostname)
		switch {
		case err == nil:
			if existing.WorkspaceID == actor.WorkspaceID {
				out = domain.CustomDomain{ID: existing.ID, WorkspaceID: existing.WorkspaceID, Hostname: existing.Hostname, CertOrderID: existing.CertOrderID}
				return nil
			}
			return fmt.Errorf("hostname %s: %w", hostname, domain.ErrConflict)
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		orderID, err := s.Certs.OrderCertificate(ctx, hostname)
		if err != nil {
			return fmt.Errorf("order certificate: %w", err)
		}
		row, err := q.CreateCustomDomain(ctx, db.CreateCustomDomainParams{
			WorkspaceID: actor.WorkspaceID,
			Hostname:    hostname,
			CertOrderID: orderID,
		})
		if err != nil {
			return err
		}
		out = domain.CustomDomain{ID: row.ID, WorkspaceID: row.WorkspaceID, Hostname: row.Hostname, CertOrderID: row.CertOrderID}
		return nil
	})
	return out, pgstore.MapErr(err)
}

// UpdateTheme changes the help-center theme.
func (s *Service) UpdateTheme(ctx context.Context, actor domain.Actor, theme string) error {
	switch theme {
	case "light", "dark", "contrast":
	default:
		return domain.Invalid("theme", "unknown theme")
	}
	ws, err := s.Workspaces.Get(ctx, actor.WorkspaceID)
	if err != nil {
		return err
	}
	if ws.Theme == theme {
		return nil
	}
	return s.Workspaces.UpdateTheme(ctx, ws.ID, theme)
}
