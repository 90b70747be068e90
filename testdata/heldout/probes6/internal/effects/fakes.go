package effects

import (
	"context"
	"fmt"
	"log/slog"
	"sync/atomic"
)

type LogMailer struct{ Log *slog.Logger }

func (m LogMailer) Send(ctx context.Context, to, template string, data map[string]any) error {
	m.Log.InfoContext(ctx, "mail", "to", to, "template", template, "data", data)
	return nil
}

type LogSMS struct{ Log *slog.Logger }

func (s LogSMS) Send(ctx context.Context, phone, body string) error {
	s.Log.InfoContext(ctx, "sms", "phone", phone, "body", body)
	return nil
}

type LogPush struct{ Log *slog.Logger }

func (p LogPush) Notify(ctx context.Context, token, title, body string) error {
	p.Log.InfoContext(ctx, "push", "token", token, "title", title)
	return nil
}

type LogPayments struct {
	Log *slog.Logger
	seq atomic.Int64
}

func (p *LogPayments) Charge(ctx context.Context, req ChargeRequest) (string, error) {
	id := fmt.Sprintf("ch_%d", p.seq.Add(1))
	p.Log.InfoContext(ctx, "charge", "id", id, "customer", req.CustomerRef, "amount", req.AmountCents, "key", req.IdempotencyKey)
	return id, nil
}

func (p *LogPayments) Refund(ctx context.Context, chargeID string, amount int64, key string) error {
	p.Log.InfoContext(ctx, "refund", "charge", chargeID, "amount", amount, "key", key)
	return nil
}

func (p *LogPayments) Transfer(ctx context.Context, req TransferRequest) (string, error) {
	id := fmt.Sprintf("tr_%d", p.seq.Add(1))
	p.Log.InfoContext(ctx, "transfer", "id", id, "account", req.AccountRef, "amount", req.AmountCents, "key", req.IdempotencyKey)
	return id, nil
}

func (p *LogPayments) CreateAccount(ctx context.Context, email, country string) (string, error) {
	id := fmt.Sprintf("acct_%d", p.seq.Add(1))
	p.Log.InfoContext(ctx, "create account", "id", id, "email", email)
	return id, nil
}

type LogPublisher struct{ Log *slog.Logger }

func (p LogPublisher) Publish(ctx context.Context, subject string, payload any) error {
	p.Log.InfoContext(ctx, "publish", "subject", subject, "payload", payload)
	return nil
}

type LogCarrier struct {
	Log *slog.Logger
	seq atomic.Int64
}

func (c *LogCarrier) Reserve(ctx context.Context, carrierID string, laneID, price int64) (string, error) {
	id := fmt.Sprintf("res_%d", c.seq.Add(1))
	c.Log.InfoContext(ctx, "carrier reserve", "carrier", carrierID, "lane", laneID, "price", price, "id", id)
	return id, nil
}
