package tickets

import (
	"context"
	"fmt"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/repo"
	"example.com/desk5/internal/rpc/ticketpb"
)

// Directory adapts the ticket repository to the directory RPC, so the same
// code path serves in-process and remote callers.
type Directory struct {
	Tickets repo.Tickets
}

var statusToPB = map[string]ticketpb.TicketStatus{
	domain.TicketOpen:      ticketpb.TicketStatus_TICKET_STATUS_OPEN,
	domain.TicketPending:   ticketpb.TicketStatus_TICKET_STATUS_PENDING,
	domain.TicketEscalated: ticketpb.TicketStatus_TICKET_STATUS_ESCALATED,
	domain.TicketResolved:  ticketpb.TicketStatus_TICKET_STATUS_RESOLVED,
	domain.TicketClosed:    ticketpb.TicketStatus_TICKET_STATUS_CLOSED,
}

func (d Directory) GetTicket(ctx context.Context, in *ticketpb.GetTicketRequest) (*ticketpb.Ticket, error) {
	t, err := d.Tickets.Get(ctx, in.GetWorkspaceId(), in.GetTicketId())
	if err != nil {
		return nil, err
	}
	out := &ticketpb.Ticket{
		Id:          t.ID,
		WorkspaceId: t.WorkspaceID,
		Number:      t.Number,
		Subject:     t.Subject,
		Status:      statusToPB[t.Status],
		Priority:    t.Priority,
		AssigneeId:  t.AssigneeID,
	}
	if t.SLADueAt != nil {
		out.SlaDueUnix = t.SLADueAt.Unix()
	}
	return out, nil
}

// Escalations implements ticketpb.EscalationServer.
type Escalations struct {
	Deps
	Directory ticketpb.TicketDirectoryClient
}

func NewEscalations(d Deps, dir ticketpb.TicketDirectoryClient) *Escalations {
	return &Escalations{Deps: d, Directory: dir}
}

// Escalate handles a manual escalation from an agent or a supervisor: it
// pages the on-call engineer and flags the ticket.
func (s *Escalations) Escalate(ctx context.Context, in *ticketpb.EscalateRequest) (*ticketpb.EscalateResponse, error) {
	tk, err := s.Directory.GetTicket(ctx, &ticketpb.GetTicketRequest{
		WorkspaceId: in.GetWorkspaceId(),
		TicketId:    in.GetTicketId(),
	})
	if err != nil {
		return nil, err
	}
	switch tk.GetStatus() {
	case ticketpb.TicketStatus_TICKET_STATUS_OPEN, ticketpb.TicketStatus_TICKET_STATUS_PENDING:
	default:
		return &ticketpb.EscalateResponse{Escalated: false, Message: "ticket is " + tk.GetStatus().String()}, nil
	}
	if err := s.pageOnCall(ctx, tk, in.GetReason()); err != nil {
		return nil, err
	}
	if err := s.markEscalated(ctx, tk, in.GetRequestedBy(), in.GetReason()); err != nil {
		return nil, err
	}
	return &ticketpb.EscalateResponse{Escalated: true}, nil
}

func (s *Escalations) pageOnCall(ctx context.Context, tk *ticketpb.Ticket, reason string) error {
	summary := fmt.Sprintf("Ticket #%d escalated: %s (%s)", tk.GetNumber(), tk.GetSubject(), reason)
	severity := "high"
	if tk.GetPriority() == "urgent" {
		severity = "critical"
	}
	return s.Pager.Page(ctx, tk.GetWorkspaceId(), summary, severity)
}

func (s *Escalations) markEscalated(ctx context.Context, tk *ticketpb.Ticket, by int64, reason string) error {
	if err := s.Tickets.SetStatus(ctx, tk.GetId(), domain.TicketEscalated); err != nil {
		return err
	}
	if err := s.Tickets.SetPriority(ctx, tk.GetId(), "urgent"); err != nil {
		return err
	}
	return s.Tickets.RecordEvent(ctx, tk.GetId(), "ticket.escalated", by, map[string]any{"reason": reason})
}

// EscalateOnBreach is called by the SLA engine when a first-response
// deadline passes. It only escalates open tickets.
func (s *Escalations) EscalateOnBreach(ctx context.Context, in *ticketpb.EscalateRequest) (*ticketpb.EscalateResponse, error) {
	tk, err := s.Directory.GetTicket(ctx, &ticketpb.GetTicketRequest{
		WorkspaceId: in.GetWorkspaceId(),
		TicketId:    in.GetTicketId(),
	})
	if err != nil {
		return nil, err
	}
	if tk.GetStatus() != ticketpb.TicketStatus_TICKET_STATUS_OPEN {
		return &ticketpb.EscalateResponse{Escalated: false, Message: "not open"}, nil
	}
	moved, err := s.Tickets.Transition(ctx, tk.GetId(), domain.TicketOpen, domain.TicketEscalated)
	if err != nil {
		return nil, err
	}
	if !moved {
		return &ticketpb.EscalateResponse{Escalated: false, Message: "already handled"}, nil
	}
	if err := s.pageOnCall(ctx, tk, "SLA breached"); err != nil {
		s.Log.WarnContext(ctx, "page failed", "ticket", tk.GetId(), "err", err)
	}
	if err := s.Tickets.SetPriority(ctx, tk.GetId(), "urgent"); err != nil {
		return nil, err
	}
	return &ticketpb.EscalateResponse{Escalated: true}, s.Tickets.RecordEvent(ctx, tk.GetId(), "ticket.escalated", 0, map[string]any{"reason": "sla"})
}
