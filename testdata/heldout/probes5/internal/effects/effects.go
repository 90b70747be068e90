// Package effects declares the external side effects the platform performs
// (mail, SMS, payments, webhooks, events, search) behind small interfaces so
// that services can be wired to real providers or to the log-only fakes used
// in local development.
package effects

import (
	"context"
	"time"
)

// Email is a rendered or templated outgoing message.
type Email struct {
	To       string
	From     string
	ReplyTo  string
	Subject  string
	Template string
	Data     map[string]any
	Headers  map[string]string
}

// Mailer sends transactional e-mail.
type Mailer interface {
	Send(ctx context.Context, msg Email) (providerID string, err error)
}

// SMSSender sends a text message.
type SMSSender interface {
	SendSMS(ctx context.Context, to, body string) (providerID string, err error)
}

// Pager pages the on-call rotation of a workspace.
type Pager interface {
	Page(ctx context.Context, workspaceID int64, summary string, severity string) error
}

type CustomerParams struct {
	WorkspaceID int64
	Email       string
	Name        string
}

type ChargeParams struct {
	CustomerID     string
	AmountCents    int64
	Currency       string
	Description    string
	IdempotencyKey string
	Metadata       map[string]string
}

type Charge struct {
	ID       string
	Status   string
	Amount   int64
	Captured bool
}

type RefundParams struct {
	ChargeID       string
	AmountCents    int64
	Reason         string
	IdempotencyKey string
}

type Refund struct {
	ID     string
	Status string
	Amount int64
}

type PayoutParams struct {
	AccountID      string
	AmountCents    int64
	Currency       string
	IdempotencyKey string
}

type Payout struct {
	ID     string
	Status string
}

// PaymentProvider is the card processor used for subscriptions, event
// tickets and organizer payouts.
type PaymentProvider interface {
	CreateCustomer(ctx context.Context, p CustomerParams) (customerID string, err error)
	Charge(ctx context.Context, p ChargeParams) (Charge, error)
	Refund(ctx context.Context, p RefundParams) (Refund, error)
	Void(ctx context.Context, chargeID string) error
	Payout(ctx context.Context, p PayoutParams) (Payout, error)
	UpdateSubscriptionQuantity(ctx context.Context, providerSubID string, quantity int, idempotencyKey string) error
}

// WebhookSender delivers a signed payload to a customer endpoint.
type WebhookSender interface {
	Deliver(ctx context.Context, url, secret, eventType string, payload []byte) error
}

// EventPublisher publishes domain and audit events to the bus.
type EventPublisher interface {
	Publish(ctx context.Context, topic string, event any) error
}

// SearchIndexer keeps the search cluster in sync.
type SearchIndexer interface {
	Index(ctx context.Context, kind, id string, doc any) error
	Delete(ctx context.Context, kind, id string) error
}

// CRMClient creates records in the customer's CRM.
type CRMClient interface {
	CreateContact(ctx context.Context, workspaceID int64, email, name string) (crmRef string, err error)
	CreateOrganization(ctx context.Context, workspaceID int64, name string) (crmRef string, err error)
}

// CertIssuer orders TLS certificates for custom domains.
type CertIssuer interface {
	OrderCertificate(ctx context.Context, hostname string) (orderID string, err error)
}

// MailRouting configures inbound routes at the mail provider.
type MailRouting interface {
	CreateInboundRoute(ctx context.Context, address string, workspaceID int64) (routeID string, err error)
}

// ChatClient posts to a chat workspace (Slack, Teams).
type ChatClient interface {
	PostMessage(ctx context.Context, token, channel, text string) error
	Subscribe(ctx context.Context, token, callbackURL string) (subscriptionID string, err error)
}

// Telemetry records product analytics counters.
type Telemetry interface {
	Incr(ctx context.Context, metric string, tags map[string]string)
}

// BadgePrinter sends a badge to the venue printer queue.
type BadgePrinter interface {
	Print(ctx context.Context, eventID int64, name string) error
}

// Clock is injected so that tests can control time.
type Clock interface {
	Now() time.Time
}

type SystemClock struct{}

func (SystemClock) Now() time.Time { return time.Now().UTC() }
