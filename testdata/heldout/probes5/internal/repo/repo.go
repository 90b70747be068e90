// Package repo declares the repository interfaces the services depend on.
// Implementations live in internal/store/*.
package repo

import (
	"context"

	"example.com/desk5/internal/domain"
)

// Tickets persists tickets, their messages and their audit trail.
type Tickets interface {
	Get(ctx context.Context, workspaceID, id int64) (domain.Ticket, error)
	FindByExternalRef(ctx context.Context, workspaceID int64, channel, ref string) (domain.Ticket, error)
	FindByClientToken(ctx context.Context, workspaceID int64, token string) (domain.Ticket, error)
	Create(ctx context.Context, t domain.NewTicket) (domain.Ticket, error)
	// CreateIfAbsent inserts the ticket unless one with the same client
	// token exists; created is false when nothing was inserted.
	CreateIfAbsent(ctx context.Context, t domain.NewTicket) (tk domain.Ticket, created bool, err error)
	SetStatus(ctx context.Context, id int64, status string) error
	// Transition moves the ticket from one status to another and reports
	// whether this call made the change.
	Transition(ctx context.Context, id int64, from, to string) (bool, error)
	SetPriority(ctx context.Context, id int64, priority string) error
	ReplaceTags(ctx context.Context, id int64, tags []string) error
	AddTag(ctx context.Context, id int64, tag string) (bool, error)
	AddMessage(ctx context.Context, m domain.NewMessage) (domain.Message, error)
	AddMessageIfAbsent(ctx context.Context, m domain.NewMessage) (domain.Message, bool, error)
	SetMessageProviderID(ctx context.Context, id int64, providerID string) error
	RecordEvent(ctx context.Context, ticketID int64, kind string, actorID int64, payload any) error
}

// Contacts persists end customers.
type Contacts interface {
	LookupByEmail(ctx context.Context, workspaceID int64, email string) (domain.Contact, bool, error)
	LookupByExternalID(ctx context.Context, workspaceID int64, externalID string) (domain.Contact, bool, error)
	ListByPhone(ctx context.Context, workspaceID int64, phone string) ([]domain.Contact, error)
	Create(ctx context.Context, c domain.Contact) (domain.Contact, error)
	CreateByExternalID(ctx context.Context, c domain.Contact) (domain.Contact, bool, error)
}

// Workspaces persists tenant workspaces.
type Workspaces interface {
	Get(ctx context.Context, id int64) (domain.Workspace, error)
	CountBySlug(ctx context.Context, slug string) (int64, error)
	Create(ctx context.Context, w domain.Workspace) (domain.Workspace, error)
	SetNextTicketNumber(ctx context.Context, id, next int64) error
	AllocateTicketNumber(ctx context.Context, id int64) (int64, error)
	UpdateTheme(ctx context.Context, id int64, theme string) error
}

// Members persists workspace membership.
type Members interface {
	Count(ctx context.Context, workspaceID int64, light bool) (int64, error)
	Get(ctx context.Context, workspaceID, userID int64) (domain.Member, error)
	Add(ctx context.Context, m domain.Member) (domain.Member, error)
}

// Invites persists workspace invitations.
type Invites interface {
	Create(ctx context.Context, inv domain.Invite) (domain.Invite, error)
	GetByTokenHash(ctx context.Context, tokenHash string) (domain.Invite, error)
	MarkAccepted(ctx context.Context, id, userID int64) error
	// Accept marks a pending, unexpired invite accepted and returns it, or
	// ErrInvalidToken when no such invite exists.
	Accept(ctx context.Context, tokenHash string, userID int64) (domain.Invite, error)
}

// Users persists agent accounts.
type Users interface {
	GetByID(ctx context.Context, id int64) (domain.User, error)
	GetByEmail(ctx context.Context, email string) (domain.User, error)
	SetPassword(ctx context.Context, id int64, hash string) error
}
