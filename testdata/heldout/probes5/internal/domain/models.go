package domain

import "time"

// Ticket statuses.
const (
	TicketOpen      = "open"
	TicketPending   = "pending"
	TicketEscalated = "escalated"
	TicketResolved  = "resolved"
	TicketClosed    = "closed"
)

// Ticket channels.
const (
	ChannelEmail    = "email"
	ChannelWeb      = "web"
	ChannelSMS      = "sms"
	ChannelWhatsApp = "whatsapp"
	ChannelPhone    = "phone"
	ChannelAPI      = "api"
)

type Workspace struct {
	ID               int64
	Slug             string
	Name             string
	Plan             string
	SeatLimit        int32
	LightSeatLimit   int32
	NextTicketNumber int64
	Theme            string
	CreatedAt        time.Time
}

type User struct {
	ID           int64
	Email        string
	Name         string
	PasswordHash string
	TOTPSecret   string
	CreatedAt    time.Time
}

type Member struct {
	ID          int64
	WorkspaceID int64
	UserID      int64
	Role        string
	Light       bool
	CreatedAt   time.Time
}

type Invite struct {
	ID          int64
	WorkspaceID int64
	Email       string
	Role        string
	TokenHash   string
	InvitedBy   int64
	AcceptedAt  *time.Time
	AcceptedBy  int64
	ExpiresAt   time.Time
}

type Contact struct {
	ID          int64
	WorkspaceID int64
	Email       string
	Phone       string
	Name        string
	ExternalID  string
	CreatedAt   time.Time
}

type Ticket struct {
	ID          int64
	WorkspaceID int64
	Number      int64
	ContactID   int64
	Subject     string
	Status      string
	Priority    string
	Channel     string
	ExternalRef string
	ClientToken string
	AssigneeID  int64
	Tags        []string
	SLADueAt    *time.Time
	ResolvedAt  *time.Time
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// IsTerminal reports whether no further agent work is expected.
func (t Ticket) IsTerminal() bool {
	return t.Status == TicketResolved || t.Status == TicketClosed
}

type NewTicket struct {
	WorkspaceID int64
	Number      int64
	ContactID   int64
	Subject     string
	Priority    string
	Channel     string
	ExternalRef string
	ClientToken string
	AssigneeID  int64
	SLADueAt    *time.Time
}

type Message struct {
	ID                int64
	TicketID          int64
	Direction         string
	AuthorID          int64
	Body              string
	ClientMsgID       string
	ProviderMessageID string
	CreatedAt         time.Time
}

type NewMessage struct {
	TicketID          int64
	Direction         string
	AuthorID          int64
	Body              string
	ClientMsgID       string
	ProviderMessageID string
}

type Macro struct {
	ID          int64
	WorkspaceID int64
	Name        string
	Body        string
	CreatedBy   int64
}

type SavedView struct {
	ID          int64
	WorkspaceID int64
	UserID      int64
	Name        string
	Filter      []byte
}

type CustomDomain struct {
	ID          int64
	WorkspaceID int64
	Hostname    string
	CertOrderID string
}

type Mailbox struct {
	ID          int64
	WorkspaceID int64
	Address     string
	IsDefault   bool
	RouteID     string
}

type PasswordReset struct {
	ID        int64
	UserID    int64
	TokenHash string
	ExpiresAt time.Time
	UsedAt    *time.Time
}

type Session struct {
	ID        string
	UserID    int64
	ExpiresAt time.Time
}

// Actor is the authenticated principal of a request.
type Actor struct {
	UserID      int64
	WorkspaceID int64
	Role        string
	Email       string
}

func (a Actor) IsAdmin() bool { return a.Role == "admin" || a.Role == "owner" }
