package tickets

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
)

// Lifecycle moves tickets through their statuses.
type Lifecycle struct {
	Deps
	Webhooks effects.WebhookSender
}

func NewLifecycle(d Deps, wh effects.WebhookSender) *Lifecycle {
	return &Lifecycle{Deps: d, Webhooks: wh}
}

// ResolveRequest carries the agent's resolution.
type ResolveRequest struct {
	Note          string
	NotifyContact bool
	SendSurvey    bool
	ContactEmail  string
	ContactName   string
}

// Resolve marks a ticket resolved. The ticket was loaded by the
// LoadTicket middleware and is passed in as the handler saw it.
func (s *Lifecycle) Resolve(ctx context.Context, actor domain.Actor, t domain.Ticket, req ResolveRequest) (domain.Ticket, error) {
	if t.Status == domain.TicketResolved || t.Status == domain.TicketClosed {
		return t, fmt.Errorf("ticket %d is %s: %w", t.ID, t.Status, domain.ErrConflict)
	}
	if t.AssigneeID != 0 && t.AssigneeID != actor.UserID && !actor.IsAdmin() {
		return t, domain.ErrForbidden
	}
	note := strings.TrimSpace(req.Note)
	if len(note) > 10_000 {
		return t, domain.Invalid("note", "too long")
	}

	if note != "" {
		if _, err := s.Tickets.AddMessage(ctx, domain.NewMessage{
			TicketID:  t.ID,
			Direction: "outbound",
			AuthorID:  actor.UserID,
			Body:      note,
		}); err != nil {
			return t, fmt.Errorf("resolution note: %w", err)
		}
	}

	if req.NotifyContact && req.ContactEmail != "" {
		if err := s.notifyResolved(ctx, t, req); err != nil {
			s.Log.WarnContext(ctx, "resolution mail failed", "ticket", t.ID, "err", err)
		}
	}
	if req.SendSurvey && req.ContactEmail != "" {
		if err := s.Surveys.ScheduleSurvey(ctx, t.WorkspaceID, t.ID, req.ContactEmail, "csat"); err != nil {
			s.Log.WarnContext(ctx, "schedule csat", "ticket", t.ID, "err", err)
		}
	}

	took := s.Clock.Now().Sub(t.CreatedAt)
	if err := s.finishResolution(ctx, actor, t, took); err != nil {
		return t, err
	}
	t.Status = domain.TicketResolved
	return t, nil
}

func (s *Lifecycle) notifyResolved(ctx context.Context, t domain.Ticket, req ResolveRequest) error {
	_, err := s.Mailer.Send(ctx, effects.Email{
		To:       req.ContactEmail,
		Subject:  fmt.Sprintf("[#%d] %s has been resolved", t.Number, t.Subject),
		Template: "ticket_resolved",
		Data: map[string]any{
			"name":          req.ContactName,
			"ticket_number": t.Number,
			"note":          req.Note,
		},
	})
	return err
}

func (s *Lifecycle) finishResolution(ctx context.Context, actor domain.Actor, t domain.Ticket, took time.Duration) error {
	if err := s.Tickets.SetStatus(ctx, t.ID, domain.TicketResolved); err != nil {
		return fmt.Errorf("set status: %w", err)
	}
	_ = s.Tickets.RecordEvent(ctx, t.ID, "ticket.resolved", actor.UserID, map[string]any{
		"seconds_to_resolve": int64(took.Seconds()),
	})
	return s.Events.Publish(ctx, "tickets.resolved", map[string]any{
		"workspace_id": t.WorkspaceID,
		"ticket_id":    t.ID,
		"agent_id":     actor.UserID,
	})
}

// Close archives a resolved ticket and tells the customer the conversation
// is over.
func (s *Lifecycle) Close(ctx context.Context, actor domain.Actor, t domain.Ticket, contactEmail string) error {
	moved, err := s.Tickets.Transition(ctx, t.ID, domain.TicketResolved, domain.TicketClosed)
	if err != nil {
		return err
	}
	if !moved {
		return fmt.Errorf("ticket %d is not resolved: %w", t.ID, domain.ErrConflict)
	}
	_ = s.Tickets.RecordEvent(ctx, t.ID, "ticket.closed", actor.UserID, nil)
	if contactEmail != "" {
		if _, err := s.Mailer.Send(ctx, effects.Email{
			To:       contactEmail,
			Subject:  fmt.Sprintf("[#%d] %s is now closed", t.Number, t.Subject),
			Template: "ticket_closed",
		}); err != nil {
			s.Log.WarnContext(ctx, "close mail failed", "err", err)
		}
	}
	return s.Events.Publish(ctx, "tickets.closed", map[string]any{"ticket_id": t.ID, "workspace_id": t.WorkspaceID})
}

// Reopen is used by agents when the customer answers after resolution.
func (s *Lifecycle) Reopen(ctx context.Context, actor domain.Actor, t domain.Ticket) error {
	moved, err := s.Tickets.Transition(ctx, t.ID, domain.TicketResolved, domain.TicketOpen)
	if err != nil {
		return err
	}
	if !moved {
		return domain.ErrConflict
	}
	return s.Tickets.RecordEvent(ctx, t.ID, "ticket.reopened", actor.UserID, nil)
}

// AddTag tags a ticket from the agent UI; automations listen for the event.
func (s *Lifecycle) AddTag(ctx context.Context, actor domain.Actor, ticketID int64, tag string) ([]string, error) {
	tag = strings.ToLower(strings.TrimSpace(tag))
	if tag == "" || len(tag) > 64 {
		return nil, domain.Invalid("tag", "must be 1-64 characters")
	}
	tk, err := s.Tickets.Get(ctx, actor.WorkspaceID, ticketID)
	if err != nil {
		return nil, err
	}
	if slices.Contains(tk.Tags, tag) {
		return tk.Tags, nil
	}
	tags := append(slices.Clone(tk.Tags), tag)
	slices.Sort(tags)
	if err := s.Tickets.ReplaceTags(ctx, tk.ID, tags); err != nil {
		return nil, err
	}
	s.tagAdded(ctx, tk, tag, actor.UserID)
	return tags, nil
}

// AddTagFromAutomation is called by the rules engine, possibly concurrently
// with agents editing the same ticket.
func (s *Lifecycle) AddTagFromAutomation(ctx context.Context, workspaceID, ticketID int64, tag string) error {
	tk, err := s.Tickets.Get(ctx, workspaceID, ticketID)
	if err != nil {
		return err
	}
	added, err := s.Tickets.AddTag(ctx, tk.ID, strings.ToLower(tag))
	if err != nil {
		return err
	}
	if added {
		s.tagAdded(ctx, tk, tag, 0)
	}
	return nil
}

func (s *Lifecycle) tagAdded(ctx context.Context, tk domain.Ticket, tag string, actor int64) {
	_ = s.Tickets.RecordEvent(ctx, tk.ID, "ticket.tagged", actor, map[string]any{"tag": tag})
	_ = s.Events.Publish(ctx, "tickets.tagged", map[string]any{"ticket_id": tk.ID, "tag": tag, "workspace_id": tk.WorkspaceID})
}

// Summary is the read model used by the customer portal.
type Summary struct {
	Number     int64      `json:"number"`
	Subject    string     `json:"subject"`
	State      string     `json:"state"`
	ResolvedAt *time.Time `json:"resolved_at,omitempty"`
	CanReply   bool       `json:"can_reply"`
}

// PortalSummary renders a ticket for the customer portal.
func (s *Lifecycle) PortalSummary(ctx context.Context, workspaceID, ticketID int64) (Summary, error) {
	tk, err := s.Tickets.Get(ctx, workspaceID, ticketID)
	if err != nil {
		return Summary{}, err
	}
	out := Summary{Number: tk.Number, Subject: tk.Subject}
	if tk.Status == domain.TicketResolved || tk.Status == domain.TicketClosed {
		out.State = "resolved"
		out.ResolvedAt = tk.ResolvedAt
		out.CanReply = tk.Status == domain.TicketResolved
		return out, nil
	}
	out.State = "in_progress"
	out.CanReply = true
	return out, nil
}
