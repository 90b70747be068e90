package tickets

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/pgstore"
)

// InboundEmail is the normalized payload of the mail provider's inbound
// webhook.
type InboundEmail struct {
	WorkspaceID    int64
	MailboxAddress string
	From           string
	FromName       string
	To             []string
	Subject        string
	TextBody       string
	HTMLBody       string
	MessageID      string
	InReplyTo      string
	References     []string
	SpamScore      float64
	AutoSubmitted  string
	ReceivedAt     time.Time
}

// threadKey picks the identifier that ties a reply to its original thread.
func (e InboundEmail) threadKey() string {
	if len(e.References) > 0 && e.References[0] != "" {
		return strings.Trim(e.References[0], "<>")
	}
	if e.InReplyTo != "" {
		return strings.Trim(e.InReplyTo, "<>")
	}
	return strings.Trim(e.MessageID, "<>")
}

// Intake turns inbound conversations into tickets.
type Intake struct {
	Deps
	SpamThreshold float64
	AutoReply     bool
}

func NewIntake(d Deps) *Intake {
	return &Intake{Deps: d, SpamThreshold: 6.5, AutoReply: true}
}

// IngestEmail appends an inbound e-mail to its thread's ticket, or opens a
// new ticket when the thread is unknown.
func (s *Intake) IngestEmail(ctx context.Context, in InboundEmail) (domain.Ticket, error) {
	if in.WorkspaceID == 0 {
		return domain.Ticket{}, domain.Invalid("workspace", "unknown mailbox")
	}
	if in.From == "" {
		return domain.Ticket{}, domain.Invalid("from", "required")
	}
	key := in.threadKey()
	if key == "" {
		return domain.Ticket{}, domain.Invalid("message_id", "required")
	}
	log := s.Log.With("workspace", in.WorkspaceID, "thread", key)

	existing, err := s.Tickets.FindByExternalRef(ctx, in.WorkspaceID, domain.ChannelEmail, key)
	switch {
	case err == nil:
		if existing.Status == domain.TicketClosed {
			log.InfoContext(ctx, "reply to closed ticket, opening follow-up", "ticket", existing.ID)
			break
		}
		msg, err := s.Tickets.AddMessage(ctx, domain.NewMessage{
			TicketID:          existing.ID,
			Direction:         "inbound",
			Body:              pickBody(in),
			ProviderMessageID: in.MessageID,
		})
		if err != nil {
			return domain.Ticket{}, fmt.Errorf("append message: %w", err)
		}
		if existing.Status == domain.TicketResolved || existing.Status == domain.TicketPending {
			if err := s.Tickets.SetStatus(ctx, existing.ID, domain.TicketOpen); err != nil {
				return domain.Ticket{}, err
			}
			existing.Status = domain.TicketOpen
		}
		_ = s.Tickets.RecordEvent(ctx, existing.ID, "message.received", 0, map[string]any{"message_id": msg.ID})
		return existing, nil
	case errors.Is(err, domain.ErrNotFound):
	default:
		return domain.Ticket{}, fmt.Errorf("find thread: %w", err)
	}

	// Unknown thread: classify, resolve the sender and open a ticket.
	if in.SpamScore >= s.SpamThreshold {
		log.InfoContext(ctx, "dropping spam", "score", in.SpamScore)
		return domain.Ticket{}, domain.Invalid("message", "classified as spam")
	}
	autoSubmitted := in.AutoSubmitted != "" && in.AutoSubmitted != "no"
	if autoSubmitted && strings.Contains(strings.ToLower(in.Subject), "out of office") {
		log.InfoContext(ctx, "ignoring auto-reply")
		return domain.Ticket{}, domain.Invalid("message", "auto-submitted")
	}

	contact, err := s.Contacts.FindOrCreateByEmail(ctx, in.WorkspaceID, in.From, in.FromName)
	if err != nil {
		return domain.Ticket{}, fmt.Errorf("resolve contact: %w", err)
	}

	subject := normalizeSubject(in.Subject)
	priority := detectPriority(subject, in.TextBody)
	if isVIPDomain(in.From) && priority == "normal" {
		priority = "high"
	}
	now := s.Clock.Now()
	due := pgstore.SLADue(priority, now)
	if now.Weekday() == time.Saturday || now.Weekday() == time.Sunday {
		if priority == "normal" || priority == "low" {
			due = due.Add(48 * time.Hour)
		}
	}

	var assignee int64
	if rule, ok := routingRules[strings.ToLower(in.MailboxAddress)]; ok {
		assignee = rule
	}

	number, err := s.Workspaces.AllocateTicketNumber(ctx, in.WorkspaceID)
	if err != nil {
		return domain.Ticket{}, fmt.Errorf("allocate number: %w", err)
	}

	tk, err := s.openTicket(ctx, domain.NewTicket{
		WorkspaceID: in.WorkspaceID,
		Number:      number,
		ContactID:   contact.ID,
		Subject:     subject,
		Priority:    priority,
		Channel:     domain.ChannelEmail,
		ExternalRef: key,
		AssigneeID:  assignee,
		SLADueAt:    &due,
	}, pickBody(in), in.MessageID)
	if err != nil {
		return domain.Ticket{}, err
	}

	if s.AutoReply && !autoSubmitted {
		s.sendAutoReply(ctx, tk, contact, in)
	}
	log.InfoContext(ctx, "ticket opened from email", "ticket", tk.ID, "number", tk.Number)
	return tk, nil
}

// openTicket inserts the ticket with its first message and announces it.
func (s *Intake) openTicket(ctx context.Context, nt domain.NewTicket, body, providerMsgID string) (domain.Ticket, error) {
	tk, err := s.Tickets.Create(ctx, nt)
	if err != nil {
		return domain.Ticket{}, fmt.Errorf("create ticket: %w", err)
	}
	if _, err := s.Tickets.AddMessage(ctx, domain.NewMessage{
		TicketID:          tk.ID,
		Direction:         "inbound",
		Body:              body,
		ProviderMessageID: providerMsgID,
	}); err != nil {
		return domain.Ticket{}, fmt.Errorf("first message: %w", err)
	}
	s.announceOpened(ctx, tk)
	return tk, nil
}

func (s *Intake) announceOpened(ctx context.Context, tk domain.Ticket) {
	_ = s.Tickets.RecordEvent(ctx, tk.ID, "ticket.opened", 0, map[string]any{"channel": tk.Channel})
	if err := s.Indexer.Index(ctx, "ticket", fmt.Sprint(tk.ID), ticketDoc(tk)); err != nil {
		s.Log.WarnContext(ctx, "index ticket", "err", err)
	}
	if err := s.Events.Publish(ctx, "tickets.opened", map[string]any{
		"workspace_id": tk.WorkspaceID,
		"ticket_id":    tk.ID,
		"priority":     tk.Priority,
	}); err != nil {
		s.Log.WarnContext(ctx, "publish ticket.opened", "err", err)
	}
}

func (s *Intake) sendAutoReply(ctx context.Context, tk domain.Ticket, c domain.Contact, in InboundEmail) {
	_, err := s.Mailer.Send(ctx, effects.Email{
		To:       c.Email,
		From:     in.MailboxAddress,
		Subject:  fmt.Sprintf("[#%d] %s", tk.Number, tk.Subject),
		Template: "ticket_received",
		Data: map[string]any{
			"ticket_number": tk.Number,
			"name":          c.Name,
		},
		Headers: map[string]string{
			"In-Reply-To":    in.MessageID,
			"Auto-Submitted": "auto-replied",
		},
	})
	if err != nil {
		s.Log.WarnContext(ctx, "auto-reply failed", "ticket", tk.ID, "err", err)
	}
}

func pickBody(in InboundEmail) string {
	if strings.TrimSpace(in.TextBody) != "" {
		return in.TextBody
	}
	return stripTags(in.HTMLBody)
}

func stripTags(html string) string {
	var b strings.Builder
	in := false
	for _, r := range html {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return strings.TrimSpace(b.String())
}

var vipDomains = map[string]bool{"bigcorp.example": true, "enterprise.example": true}

func isVIPDomain(email string) bool {
	at := strings.LastIndexByte(email, '@')
	return at >= 0 && vipDomains[strings.ToLower(email[at+1:])]
}

// routingRules maps a mailbox to a default assignee; loaded at startup.
var routingRules = map[string]int64{}

// WebForm is a submission from the embeddable contact form. The widget
// generates ClientToken once per form render so that resubmits carry it.
type WebForm struct {
	WorkspaceID int64
	ClientToken string
	Email       string
	Name        string
	Subject     string
	Body        string
}

// SubmitWebForm opens a ticket for a contact-form submission. Retries of the
// same submission return the ticket opened first.
func (s *Intake) SubmitWebForm(ctx context.Context, f WebForm) (domain.Ticket, bool, error) {
	if f.ClientToken == "" {
		return domain.Ticket{}, false, domain.Invalid("client_token", "required")
	}
	prior, err := s.Tickets.FindByClientToken(ctx, f.WorkspaceID, f.ClientToken)
	if err == nil {
		return prior, false, nil
	}
	if !errors.Is(err, domain.ErrNotFound) {
		return domain.Ticket{}, false, err
	}

	contact, err := s.Contacts.FindOrCreateByExternalID(ctx, f.WorkspaceID, "web:"+strings.ToLower(f.Email), f.Email, f.Name)
	if err != nil {
		return domain.Ticket{}, false, err
	}
	number, err := s.Workspaces.AllocateTicketNumber(ctx, f.WorkspaceID)
	if err != nil {
		return domain.Ticket{}, false, err
	}
	subject := normalizeSubject(f.Subject)
	priority := detectPriority(subject, f.Body)
	due := pgstore.SLADue(priority, s.Clock.Now())

	tk, created, err := s.Tickets.CreateIfAbsent(ctx, domain.NewTicket{
		WorkspaceID: f.WorkspaceID,
		Number:      number,
		ContactID:   contact.ID,
		Subject:     subject,
		Priority:    priority,
		Channel:     domain.ChannelWeb,
		ClientToken: f.ClientToken,
		SLADueAt:    &due,
	})
	if err != nil {
		return domain.Ticket{}, false, fmt.Errorf("create ticket: %w", err)
	}
	if !created {
		return tk, false, nil
	}
	if _, err := s.Tickets.AddMessage(ctx, domain.NewMessage{TicketID: tk.ID, Direction: "inbound", Body: f.Body}); err != nil {
		return domain.Ticket{}, false, err
	}
	s.announceOpened(ctx, tk)
	if _, err := s.Mailer.Send(ctx, effects.Email{
		To:       f.Email,
		Subject:  fmt.Sprintf("[#%d] %s", tk.Number, tk.Subject),
		Template: "ticket_received",
		Data:     map[string]any{"ticket_number": tk.Number, "name": f.Name},
	}); err != nil {
		s.Log.WarnContext(ctx, "confirmation mail failed", "err", err)
	}
	return tk, true, nil
}

// ManualTicket is created by an agent from the inbox UI.
type ManualTicket struct {
	ContactEmail string
	Subject      string
	Body         string
	Priority     string
	AssigneeID   int64
}

// CreateManual opens a ticket on behalf of a customer. Ticket numbers are
// per workspace and shown to customers, so they must not repeat.
func (s *Intake) CreateManual(ctx context.Context, actor domain.Actor, req ManualTicket) (domain.Ticket, error) {
	ws, err := s.Workspaces.Get(ctx, actor.WorkspaceID)
	if err != nil {
		return domain.Ticket{}, err
	}
	contact, err := s.Contacts.FindOrCreateByEmail(ctx, ws.ID, req.ContactEmail, "")
	if err != nil {
		return domain.Ticket{}, err
	}
	number := ws.NextTicketNumber
	if err := s.Workspaces.SetNextTicketNumber(ctx, ws.ID, number+1); err != nil {
		return domain.Ticket{}, fmt.Errorf("bump ticket number: %w", err)
	}
	priority := req.Priority
	if priority == "" {
		priority = detectPriority(req.Subject, req.Body)
	}
	due := pgstore.SLADue(priority, s.Clock.Now())
	tk, err := s.Tickets.Create(ctx, domain.NewTicket{
		WorkspaceID: ws.ID,
		Number:      number,
		ContactID:   contact.ID,
		Subject:     normalizeSubject(req.Subject),
		Priority:    priority,
		Channel:     domain.ChannelAPI,
		AssigneeID:  req.AssigneeID,
		SLADueAt:    &due,
	})
	if err != nil {
		return domain.Ticket{}, err
	}
	if _, err := s.Tickets.AddMessage(ctx, domain.NewMessage{TicketID: tk.ID, Direction: "outbound", AuthorID: actor.UserID, Body: req.Body}); err != nil {
		return domain.Ticket{}, err
	}
	s.announceOpened(ctx, tk)
	return tk, nil
}

// PhoneCall is logged by the telephony integration after a call ends.
type PhoneCall struct {
	WorkspaceID int64
	CallID      string
	From        string
	AgentID     int64
	Summary     string
	Recording   string
}

// CreateFromPhoneCall logs a finished call as a ticket.
func (s *Intake) CreateFromPhoneCall(ctx context.Context, call PhoneCall) (domain.Ticket, error) {
	contact, err := s.Contacts.FindOrCreateByPhone(ctx, call.WorkspaceID, call.From)
	if err != nil {
		return domain.Ticket{}, err
	}
	ws, err := s.Workspaces.Get(ctx, call.WorkspaceID)
	if err != nil {
		return domain.Ticket{}, err
	}
	number, err := s.Workspaces.AllocateTicketNumber(ctx, ws.ID)
	if err != nil {
		return domain.Ticket{}, fmt.Errorf("allocate number: %w", err)
	}
	tk, err := s.Tickets.Create(ctx, domain.NewTicket{
		WorkspaceID: ws.ID,
		Number:      number,
		ContactID:   contact.ID,
		Subject:     "Phone call from " + contact.Phone,
		Priority:    "normal",
		Channel:     domain.ChannelPhone,
		ExternalRef: call.CallID,
		AssigneeID:  call.AgentID,
	})
	if err != nil {
		return domain.Ticket{}, err
	}
	body := call.Summary
	if call.Recording != "" {
		body += "\n\nRecording: " + call.Recording
	}
	if _, err := s.Tickets.AddMessage(ctx, domain.NewMessage{TicketID: tk.ID, Direction: "inbound", AuthorID: call.AgentID, Body: body}); err != nil {
		return domain.Ticket{}, err
	}
	s.announceOpened(ctx, tk)
	return tk, nil
}

// APITicket is the body of POST /v1/tickets/api.
type APITicket struct {
	ContactEmail string `json:"contact_email"`
	Subject      string `json:"subject"`
	Body         string `json:"body"`
	Priority     string `json:"priority"`
	ExternalRef  string `json:"external_ref"`
}

// CreateFromAPI opens a ticket for an API client (a CRM, a status page).
func (s *Intake) CreateFromAPI(ctx context.Context, actor domain.Actor, req APITicket) (domain.Ticket, error) {
	if strings.TrimSpace(req.Subject) == "" {
		return domain.Ticket{}, domain.Invalid("subject", "required")
	}
	contact, err := s.Contacts.FindOrCreateByExternalID(ctx, actor.WorkspaceID, "api:"+strings.ToLower(req.ContactEmail), req.ContactEmail, "")
	if err != nil {
		return domain.Ticket{}, err
	}
	number, err := s.Workspaces.AllocateTicketNumber(ctx, actor.WorkspaceID)
	if err != nil {
		return domain.Ticket{}, err
	}
	priority := req.Priority
	if priority == "" {
		priority = "normal"
	}
	due := pgstore.SLADue(priority, s.Clock.Now())
	tk, err := s.Tickets.Create(ctx, domain.NewTicket{
		WorkspaceID: actor.WorkspaceID,
		Number:      number,
		ContactID:   contact.ID,
		Subject:     normalizeSubject(req.Subject),
		Priority:    priority,
		Channel:     domain.ChannelAPI,
		ExternalRef: req.ExternalRef,
		SLADueAt:    &due,
	})
	if err != nil {
		return domain.Ticket{}, err
	}
	if _, err := s.Tickets.AddMessage(ctx, domain.NewMessage{TicketID: tk.ID, Direction: "inbound", Body: req.Body}); err != nil {
		return domain.Ticket{}, err
	}
	s.announceOpened(ctx, tk)
	return tk, nil
}

// SetRoutingRules installs the mailbox-to-assignee rules loaded at startup.
func SetRoutingRules(rules map[string]int64) { routingRules = rules }
