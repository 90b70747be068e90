package effects

import (
	"context"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"
)

var seq atomic.Int64

func nextID(prefix string) string {
	return fmt.Sprintf("%s_%d_%d", prefix, time.Now().UnixNano(), seq.Add(1))
}

// LogMailer logs messages instead of sending them.
type LogMailer struct{ Log *slog.Logger }

func (m LogMailer) Send(ctx context.Context, msg Email) (string, error) {
	m.Log.InfoContext(ctx, "mail", "to", msg.To, "subject", msg.Subject, "template", msg.Template)
	return nextID("msg"), nil
}

// LogSMS logs text messages.
type LogSMS struct{ Log *slog.Logger }

func (s LogSMS) SendSMS(ctx context.Context, to, body string) (string, error) {
	s.Log.InfoContext(ctx, "sms", "to", to, "len", len(body))
	return nextID("sms"), nil
}

// LogPager logs pages.
type LogPager struct{ Log *slog.Logger }

func (p LogPager) Page(ctx context.Context, workspaceID int64, summary, severity string) error {
	p.Log.WarnContext(ctx, "page", "workspace", workspaceID, "summary", summary, "severity", severity)
	return nil
}

// SandboxPayments is an in-process payment provider for local development.
type SandboxPayments struct{ Log *slog.Logger }

func (p SandboxPayments) CreateCustomer(ctx context.Context, c CustomerParams) (string, error) {
	p.Log.InfoContext(ctx, "payments.customer", "workspace", c.WorkspaceID)
	return nextID("cus"), nil
}

func (p SandboxPayments) Charge(ctx context.Context, c ChargeParams) (Charge, error) {
	p.Log.InfoContext(ctx, "payments.charge", "customer", c.CustomerID, "amount", c.AmountCents, "key", c.IdempotencyKey)
	return Charge{ID: nextID("ch"), Status: "succeeded", Amount: c.AmountCents, Captured: true}, nil
}

func (p SandboxPayments) Refund(ctx context.Context, r RefundParams) (Refund, error) {
	p.Log.InfoContext(ctx, "payments.refund", "charge", r.ChargeID, "amount", r.AmountCents)
	return Refund{ID: nextID("re"), Status: "succeeded", Amount: r.AmountCents}, nil
}

func (p SandboxPayments) Void(ctx context.Context, chargeID string) error {
	p.Log.InfoContext(ctx, "payments.void", "charge", chargeID)
	return nil
}

func (p SandboxPayments) Payout(ctx context.Context, po PayoutParams) (Payout, error) {
	p.Log.InfoContext(ctx, "payments.payout", "account", po.AccountID, "amount", po.AmountCents, "key", po.IdempotencyKey)
	return Payout{ID: nextID("po"), Status: "paid"}, nil
}

func (p SandboxPayments) UpdateSubscriptionQuantity(ctx context.Context, subID string, qty int, key string) error {
	p.Log.InfoContext(ctx, "payments.quantity", "sub", subID, "qty", qty)
	return nil
}

// LogPublisher logs published events.
type LogPublisher struct{ Log *slog.Logger }

func (p LogPublisher) Publish(ctx context.Context, topic string, event any) error {
	p.Log.InfoContext(ctx, "publish", "topic", topic)
	return nil
}

// NopIndexer drops index updates.
type NopIndexer struct{}

func (NopIndexer) Index(context.Context, string, string, any) error { return nil }
func (NopIndexer) Delete(context.Context, string, string) error     { return nil }

// LogWebhooks logs outgoing webhook deliveries.
type LogWebhooks struct{ Log *slog.Logger }

func (w LogWebhooks) Deliver(ctx context.Context, url, secret, eventType string, payload []byte) error {
	w.Log.InfoContext(ctx, "webhook", "url", url, "type", eventType, "bytes", len(payload))
	return nil
}

// LogCRM logs CRM pushes.
type LogCRM struct{ Log *slog.Logger }

func (c LogCRM) CreateContact(ctx context.Context, ws int64, email, name string) (string, error) {
	c.Log.InfoContext(ctx, "crm.contact", "workspace", ws)
	return nextID("crm"), nil
}

func (c LogCRM) CreateOrganization(ctx context.Context, ws int64, name string) (string, error) {
	c.Log.InfoContext(ctx, "crm.org", "workspace", ws, "name", name)
	return nextID("org"), nil
}

// LogCerts logs certificate orders.
type LogCerts struct{ Log *slog.Logger }

func (c LogCerts) OrderCertificate(ctx context.Context, hostname string) (string, error) {
	c.Log.InfoContext(ctx, "cert.order", "host", hostname)
	return nextID("order"), nil
}

// LogRouting logs inbound route creation.
type LogRouting struct{ Log *slog.Logger }

func (r LogRouting) CreateInboundRoute(ctx context.Context, address string, ws int64) (string, error) {
	r.Log.InfoContext(ctx, "mail.route", "address", address, "workspace", ws)
	return nextID("route"), nil
}

// LogChat logs chat posts.
type LogChat struct{ Log *slog.Logger }

func (c LogChat) PostMessage(ctx context.Context, token, channel, text string) error {
	c.Log.InfoContext(ctx, "chat.post", "channel", channel)
	return nil
}

func (c LogChat) Subscribe(ctx context.Context, token, callbackURL string) (string, error) {
	c.Log.InfoContext(ctx, "chat.subscribe", "callback", callbackURL)
	return nextID("sub"), nil
}

// LogTelemetry logs counters.
type LogTelemetry struct{ Log *slog.Logger }

func (t LogTelemetry) Incr(ctx context.Context, metric string, tags map[string]string) {
	t.Log.DebugContext(ctx, "telemetry", "metric", metric)
}

// LogPrinter logs badge prints.
type LogPrinter struct{ Log *slog.Logger }

func (p LogPrinter) Print(ctx context.Context, eventID int64, name string) error {
	p.Log.InfoContext(ctx, "badge.print", "event", eventID)
	return nil
}
