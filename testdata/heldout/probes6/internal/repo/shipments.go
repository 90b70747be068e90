package repo

import (
	"context"
	"time"

	"example.com/fleet6/internal/domain"
)

type Shipments interface {
	Create(ctx context.Context, sh *domain.Shipment) error
	Get(ctx context.Context, id int64) (domain.Shipment, error)
	SetStatus(ctx context.Context, id int64, st domain.ShipmentStatus) error
	UpdateLocked(ctx context.Context, id int64, fn func(sh *domain.Shipment, tx ShipmentTx) error) error
	CreateOnce(ctx context.Context, merchantID int64, key string, sh *domain.Shipment) (bool, domain.IdempotencyRecord, error)
}

// ShipmentTx is the part of the shipment store usable inside UpdateLocked.
type ShipmentTx interface {
	QueueEscrowRelease(ctx context.Context, shipmentID, driverID, amountCents int64) error
}

type ShipmentPayments interface {
	Record(ctx context.Context, shipmentID int64, chargeRef string, amountCents int64) error
	Reserve(ctx context.Context, shipmentID, amountCents int64) (id int64, fresh bool, err error)
	Captured(ctx context.Context, id int64, chargeRef string) error
}

type Proofs interface {
	// Save stores the proof of delivery; created is false when the shipment
	// already had one.
	Save(ctx context.Context, pod *domain.ProofOfDelivery) (created bool, err error)
}

type TrackingSubscriptions interface {
	Count(ctx context.Context, shipmentID int64, phone string) (int64, error)
	Create(ctx context.Context, shipmentID int64, phone string) error
}

type IdempotencyKeys interface {
	Find(ctx context.Context, key string) (domain.IdempotencyRecord, bool, error)
	FindForMerchant(ctx context.Context, merchantID int64, key string) (domain.IdempotencyRecord, bool, error)
	Claim(ctx context.Context, merchantID int64, key string) (bool, error)
	Save(ctx context.Context, rec domain.IdempotencyRecord) error
}

type Tracking interface {
	Apply(ctx context.Context, p domain.TrackingPing) error
	ApplyOnce(ctx context.Context, consumer string, p domain.TrackingPing) (bool, error)
}

type Bookings interface {
	Create(ctx context.Context, b *domain.Booking) error
	CreateOrGet(ctx context.Context, b *domain.Booking) (created bool, err error)
	Get(ctx context.Context, id int64) (domain.Booking, error)
	GetByClientRef(ctx context.Context, merchantID int64, ref string) (domain.Booking, error)
	ListForSlot(ctx context.Context, dockID int64, slot time.Time) ([]domain.Booking, error)
	Insert(ctx context.Context, b *domain.Booking) error
	WithDockLock(ctx context.Context, dockID int64, fn func(ctx context.Context, q BookingQueries) error) error
	SetStatus(ctx context.Context, id int64, st domain.BookingStatus) error
	Transition(ctx context.Context, id int64, from, to domain.BookingStatus) (bool, error)
}

// BookingQueries are the booking queries that run inside WithDockLock.
type BookingQueries interface {
	ListForSlot(ctx context.Context, dockID int64, slot time.Time) ([]domain.Booking, error)
	Insert(ctx context.Context, b *domain.Booking) error
}

type Payouts interface {
	ListPending(ctx context.Context, limit int) ([]domain.Payout, error)
	Claim(ctx context.Context, id int64) (bool, error)
	MarkPaid(ctx context.Context, id int64, transferRef string) error
	MarkFailed(ctx context.Context, id int64, reason string) error
	AccountRef(ctx context.Context, driverID int64) (string, error)
	AddToPeriodBatch(ctx context.Context, merchantID int64, period string, amounts map[int64]int64) (int64, error)
	AddToAdhocBatch(ctx context.Context, merchantID int64, day string, amounts map[int64]int64) (int64, error)
}

type WebhookEndpoints interface {
	Find(ctx context.Context, merchantID int64, url string) (domain.WebhookEndpoint, bool, error)
	Upsert(ctx context.Context, merchantID int64, url, secret string) (domain.WebhookEndpoint, error)
}
