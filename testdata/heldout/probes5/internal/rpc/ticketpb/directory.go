package ticketpb

import "context"

// TicketDirectoryClient is the client side of the ticket directory service.
// The SLA engine runs in a separate deployment and reaches tickets through it.
type TicketDirectoryClient interface {
	GetTicket(ctx context.Context, in *GetTicketRequest) (*Ticket, error)
}

// EscalationServer is implemented by the helpdesk to accept escalations.
type EscalationServer interface {
	Escalate(ctx context.Context, in *EscalateRequest) (*EscalateResponse, error)
}
