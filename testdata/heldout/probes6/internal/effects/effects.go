// Package effects holds the interfaces for everything fleet6 does outside its
// own databases: e-mail, SMS, push, card payments, bank transfers and the
// event bus. Production wires the provider SDK adapters; local runs and tests
// use the log-only fakes in fakes.go.
package effects

import "context"

type Mailer interface {
	Send(ctx context.Context, to, template string, data map[string]any) error
}

type SMS interface {
	Send(ctx context.Context, phone, body string) error
}

type Push interface {
	Notify(ctx context.Context, deviceToken, title, body string) error
}

type ChargeRequest struct {
	CustomerRef    string
	AmountCents    int64
	Currency       string
	Description    string
	IdempotencyKey string
}

type TransferRequest struct {
	AccountRef     string
	AmountCents    int64
	Currency       string
	IdempotencyKey string
}

type Payments interface {
	Charge(ctx context.Context, req ChargeRequest) (chargeID string, err error)
	Refund(ctx context.Context, chargeID string, amountCents int64, idempotencyKey string) error
	Transfer(ctx context.Context, req TransferRequest) (transferID string, err error)
	CreateAccount(ctx context.Context, email, country string) (accountRef string, err error)
}

type Publisher interface {
	Publish(ctx context.Context, subject string, payload any) error
}

// Carrier is the interface to a partner carrier's capacity API.
type Carrier interface {
	Reserve(ctx context.Context, carrierID string, laneID int64, priceCents int64) (reservationID string, err error)
}
