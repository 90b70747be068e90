// Package shipments is the shipment lifecycle: creation from the merchant
// API, checkout, tracking subscriptions and delivery confirmation.
package shipments

import (
	"log/slog"

	"example.com/fleet6/internal/effects"
	"example.com/fleet6/internal/repo"
)

type Service struct {
	Shipments repo.Shipments
	Payments  repo.ShipmentPayments
	Proofs    repo.Proofs
	Subs      repo.TrackingSubscriptions
	Keys      repo.IdempotencyKeys
	Payouts   repo.Payouts

	Provider effects.Payments
	SMS      effects.SMS
	Bus      effects.Publisher
	Log      *slog.Logger
}

type CreateInput struct {
	ClientRef   string `json:"client_ref"`
	PriceCents  int64  `json:"price_cents"`
	EscrowCents int64  `json:"escrow_cents"`
}
