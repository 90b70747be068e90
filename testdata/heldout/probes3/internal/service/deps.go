// Package service holds the shop's business logic between the transports
// (HTTP, gRPC, consumers, cron) and the stores.
package service

import (
	"context"

	"example.com/shop3/internal/domain"
	"example.com/shop3/internal/payments"
	"example.com/shop3/internal/store/dynstore"
	"example.com/shop3/internal/store/mysqlstore"
	"example.com/shop3/internal/store/pgstore"
)

// Users is implemented by mysqlstore.UserRepo.
type Users interface {
	FindByEmail(ctx context.Context, tenantID int64, email string) (domain.User, error)
	ByID(ctx context.Context, id int64) (domain.User, error)
	Insert(ctx context.Context, u *domain.User) error
	InsertIfAbsent(ctx context.Context, u *domain.User) (bool, error)
}

type Merchants interface {
	ByExternalID(ctx context.Context, externalID string) (mysqlstore.Merchant, error)
	Create(ctx context.Context, m *mysqlstore.Merchant) error
}

type Referrals interface {
	Exists(ctx context.Context, refereeID int64) (bool, error)
	Insert(ctx context.Context, ref domain.Referral) error
	Apply(ctx context.Context, ref domain.Referral) (bool, error)
}

type Accounts interface {
	AddCredit(ctx context.Context, userID, cents int64) error
	AddPoints(ctx context.Context, userID, points int64) error
}

type Invoices interface {
	Get(ctx context.Context, id int64) (domain.Invoice, error)
	Save(ctx context.Context, inv domain.Invoice) error
	Transition(ctx context.Context, id int64, from, to string) (bool, error)
	FlagReceiptSent(ctx context.Context, id int64) (bool, error)
	SettleWithCredit(ctx context.Context, id int64) (bool, error)
}

type Coupons interface {
	Get(ctx context.Context, code string) (domain.Coupon, bool, error)
	CountRedemptions(ctx context.Context, code string) (int, error)
	InsertRedemption(ctx context.Context, code string, userID, orderID int64) error
	Redeem(ctx context.Context, code string, userID, orderID int64) error
}

type GiftCards interface {
	Card(ctx context.Context, tenantID int64, code string) (domain.GiftCard, error)
	FindRedemption(ctx context.Context, code string) (pgstore.Redemption, bool, error)
	InsertRedemption(ctx context.Context, red pgstore.Redemption) error
	Redeem(ctx context.Context, red pgstore.Redemption) (bool, error)
}

type Ledger interface {
	Credit(ctx context.Context, userID, cents int64, reason, ref string) error
}

type Shipments interface {
	ExistsForOrder(ctx context.Context, orderID int64) (bool, error)
	Insert(ctx context.Context, sh *domain.Shipment) error
	Reserve(ctx context.Context, orderID int64, carrier string) (int64, bool, error)
	SetTracking(ctx context.Context, id int64, tracking string) error
	ByOrder(ctx context.Context, orderID int64) (domain.Shipment, error)
}

type Devices interface {
	Device(ctx context.Context, userID, deviceID string) (*dynstore.Device, error)
	PutDevice(ctx context.Context, d dynstore.Device) error
	CreateDevice(ctx context.Context, d dynstore.Device) error
}

// Mailer sends e-mail.
type Mailer interface {
	SendWelcome(ctx context.Context, to, name string) error
	SendReceipt(ctx context.Context, to string, invoiceID, cents int64, currency string) error
	Send(ctx context.Context, to, subject, body string) error
}

// Texter sends SMS.
type Texter interface {
	Text(ctx context.Context, phone, body string) error
	SendCode(ctx context.Context, phone, code string) error
}

// Charger charges cards.
type Charger interface {
	Charge(ctx context.Context, idemKey string, req payments.ChargeRequest) (payments.Charge, error)
	ChargeWithRetry(ctx context.Context, req payments.ChargeRequest) (payments.Charge, error)
	ChargeOnce(ctx context.Context, intentKey string, req payments.ChargeRequest) (payments.Charge, error)
}

// Publisher publishes domain events to the broker.
type Publisher interface {
	Publish(ctx context.Context, topic string, v any) error
}
