package pgstore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"example.com/desk5/internal/db"
	"example.com/desk5/internal/domain"
)

// Tickets implements repo.Tickets.
type Tickets struct{ s *Store }

func NewTickets(s *Store) *Tickets { return &Tickets{s: s} }

func toTicket(t db.Ticket) domain.Ticket {
	out := domain.Ticket{
		ID:          t.ID,
		WorkspaceID: t.WorkspaceID,
		Number:      t.Number,
		ContactID:   t.ContactID,
		Subject:     t.Subject,
		Status:      t.Status,
		Priority:    t.Priority,
		Channel:     t.Channel,
		ExternalRef: t.ExternalRef,
		ClientToken: t.ClientToken.String,
		AssigneeID:  t.AssigneeID.Int64,
		CreatedAt:   t.CreatedAt,
		UpdatedAt:   t.UpdatedAt,
	}
	if len(t.Tags) > 0 {
		_ = json.Unmarshal(t.Tags, &out.Tags)
	}
	if t.SlaDueAt.Valid {
		d := t.SlaDueAt.Time
		out.SLADueAt = &d
	}
	if t.ResolvedAt.Valid {
		r := t.ResolvedAt.Time
		out.ResolvedAt = &r
	}
	return out
}

func toMessage(m db.TicketMessage) domain.Message {
	return domain.Message{
		ID:                m.ID,
		TicketID:          m.TicketID,
		Direction:         m.Direction,
		AuthorID:          m.AuthorID.Int64,
		Body:              m.Body,
		ClientMsgID:       m.ClientMsgID.String,
		ProviderMessageID: m.ProviderMessageID,
		CreatedAt:         m.CreatedAt,
	}
}

func ticketParams(t domain.NewTicket) db.CreateTicketParams {
	p := db.CreateTicketParams{
		WorkspaceID: t.WorkspaceID,
		Number:      t.Number,
		ContactID:   t.ContactID,
		Subject:     t.Subject,
		Priority:    t.Priority,
		Channel:     t.Channel,
		ExternalRef: t.ExternalRef,
		ClientToken: nullString(t.ClientToken),
		AssigneeID:  nullInt(t.AssigneeID),
	}
	if p.Priority == "" {
		p.Priority = "normal"
	}
	if t.SLADueAt != nil {
		p.SlaDueAt = sql.NullTime{Time: *t.SLADueAt, Valid: true}
	}
	return p
}

func (r *Tickets) Get(ctx context.Context, workspaceID, id int64) (domain.Ticket, error) {
	t, err := r.s.Q.GetTicketByID(ctx, db.GetTicketByIDParams{WorkspaceID: workspaceID, ID: id})
	if err != nil {
		return domain.Ticket{}, MapErr(err)
	}
	return toTicket(t), nil
}

func (r *Tickets) FindByExternalRef(ctx context.Context, workspaceID int64, channel, ref string) (domain.Ticket, error) {
	t, err := r.s.Q.GetTicketByExternalRef(ctx, db.GetTicketByExternalRefParams{
		WorkspaceID: workspaceID,
		Channel:     channel,
		ExternalRef: ref,
	})
	if err != nil {
		return domain.Ticket{}, MapErr(err)
	}
	return toTicket(t), nil
}

func (r *Tickets) FindByClientToken(ctx context.Context, workspaceID int64, token string) (domain.Ticket, error) {
	t, err := r.s.Q.GetTicketByClientToken(ctx, db.GetTicketByClientTokenParams{
		WorkspaceID: workspaceID,
		ClientToken: nullString(token),
	})
	if err != nil {
		return domain.Ticket{}, MapErr(err)
	}
	return toTicket(t), nil
}

func (r *Tickets) Create(ctx context.Context, t domain.NewTicket) (domain.Ticket, error) {
	row, err := r.s.Q.CreateTicket(ctx, ticketParams(t))
	if err != nil {
		return domain.Ticket{}, MapErr(err)
	}
	return toTicket(row), nil
}

func (r *Tickets) CreateIfAbsent(ctx context.Context, t domain.NewTicket) (domain.Ticket, bool, error) {
	row, err := r.s.Q.CreateTicketIfAbsent(ctx, ticketParams(t))
	if errors.Is(err, sql.ErrNoRows) {
		existing, err := r.FindByClientToken(ctx, t.WorkspaceID, t.ClientToken)
		return existing, false, err
	}
	if err != nil {
		return domain.Ticket{}, false, MapErr(err)
	}
	return toTicket(row), true, nil
}

func (r *Tickets) SetStatus(ctx context.Context, id int64, status string) error {
	return MapErr(r.s.Q.UpdateTicketStatus(ctx, db.UpdateTicketStatusParams{ID: id, Status: status}))
}

func (r *Tickets) Transition(ctx context.Context, id int64, from, to string) (bool, error) {
	n, err := r.s.Q.TransitionTicketStatus(ctx, db.TransitionTicketStatusParams{ID: id, FromStatus: from, ToStatus: to})
	if err != nil {
		return false, MapErr(err)
	}
	return n == 1, nil
}

func (r *Tickets) SetPriority(ctx context.Context, id int64, priority string) error {
	return MapErr(r.s.Q.UpdateTicketPriority(ctx, db.UpdateTicketPriorityParams{ID: id, Priority: priority}))
}

func (r *Tickets) ReplaceTags(ctx context.Context, id int64, tags []string) error {
	raw, err := json.Marshal(tags)
	if err != nil {
		return err
	}
	return MapErr(r.s.Q.SetTicketTags(ctx, db.SetTicketTagsParams{ID: id, Tags: raw}))
}

func (r *Tickets) AddTag(ctx context.Context, id int64, tag string) (bool, error) {
	n, err := r.s.Q.AppendTicketTag(ctx, db.AppendTicketTagParams{ID: id, Tag: tag})
	if err != nil {
		return false, MapErr(err)
	}
	return n == 1, nil
}

func messageParams(m domain.NewMessage) db.CreateTicketMessageParams {
	return db.CreateTicketMessageParams{
		TicketID:          m.TicketID,
		Direction:         m.Direction,
		AuthorID:          nullInt(m.AuthorID),
		Body:              m.Body,
		ClientMsgID:       nullString(m.ClientMsgID),
		ProviderMessageID: m.ProviderMessageID,
	}
}

func (r *Tickets) AddMessage(ctx context.Context, m domain.NewMessage) (domain.Message, error) {
	row, err := r.s.Q.CreateTicketMessage(ctx, messageParams(m))
	if err != nil {
		return domain.Message{}, MapErr(err)
	}
	return toMessage(row), nil
}

func (r *Tickets) AddMessageIfAbsent(ctx context.Context, m domain.NewMessage) (domain.Message, bool, error) {
	row, err := r.s.Q.CreateTicketMessageIfAbsent(ctx, messageParams(m))
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Message{}, false, nil
	}
	if err != nil {
		return domain.Message{}, false, MapErr(err)
	}
	return toMessage(row), true, nil
}

func (r *Tickets) SetMessageProviderID(ctx context.Context, id int64, providerID string) error {
	return MapErr(r.s.Q.SetMessageProviderID(ctx, db.SetMessageProviderIDParams{ID: id, ProviderMessageID: providerID}))
}

func (r *Tickets) RecordEvent(ctx context.Context, ticketID int64, kind string, actorID int64, payload any) error {
	if payload == nil {
		payload = map[string]any{}
	}
	raw, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	return MapErr(r.s.Q.CreateTicketEvent(ctx, db.CreateTicketEventParams{
		TicketID: ticketID,
		Kind:     kind,
		ActorID:  nullInt(actorID),
		Payload:  raw,
	}))
}

// SLADue computes the first-response deadline for a priority.
func SLADue(priority string, now time.Time) time.Time {
	switch priority {
	case "urgent":
		return now.Add(1 * time.Hour)
	case "high":
		return now.Add(4 * time.Hour)
	case "low":
		return now.Add(72 * time.Hour)
	default:
		return now.Add(24 * time.Hour)
	}
}
