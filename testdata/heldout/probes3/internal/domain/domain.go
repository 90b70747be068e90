// Package domain holds the shop's records and the errors the layers share.
package domain

import (
	"encoding/json"
	"errors"
	"time"
)

var (
	ErrNotFound        = errors.New("not found")
	ErrDuplicate       = errors.New("duplicate")
	ErrConflict        = errors.New("conflict")
	ErrQuotaExceeded   = errors.New("quota exceeded")
	ErrInvalidState    = errors.New("invalid state")
	ErrAlreadyRedeemed = errors.New("already redeemed")
)

type User struct {
	ID        int64
	TenantID  int64
	Email     string
	Name      string
	Phone     string
	CreatedAt time.Time
}

type Coupon struct {
	Code        string
	TenantID    int64
	MaxUses     int
	PerUserMax  int
	AmountCents int64
	Active      bool
}

type Referral struct {
	ID         int64
	ReferrerID int64
	RefereeID  int64
	BonusCents int64
}

type Invoice struct {
	ID          int64
	TenantID    int64
	CustomerID  int64
	AmountCents int64
	Currency    string
	Status      string // open, paid, void
	PaidAt      *time.Time
	ReminderAt  *time.Time
	Meta        json.RawMessage
}

// InvoiceFlags is stored inside invoices.meta.
type InvoiceFlags struct {
	ReceiptSent   bool   `json:"receipt_sent"`
	DunningStage  int    `json:"dunning_stage"`
	LastChargeRef string `json:"last_charge_ref,omitempty"`
}

type Order struct {
	ID          int64
	TenantID    int64
	UserID      int64
	Status      string // pending, paid, shipped, cancelled
	TotalCents  int64
	Currency    string
	PaymentRef  string
	ConfirmedAt *time.Time
	Tags        []string
}

type Payment struct {
	ID          int64
	OrderID     int64
	Key         string
	AmountCents int64
	ProviderRef string
	Status      string
}

type GiftCard struct {
	Code         string
	TenantID     int64
	BalanceCents int64
	RedeemedBy   int64
	RedeemedAt   *time.Time
}

type Subscription struct {
	ID        int64
	UserID    int64
	Plan      string
	Status    string // trialing, active, past_due, cancelled
	RenewedAt *time.Time
	PeriodEnd time.Time
}

type Shipment struct {
	ID       int64
	OrderID  int64
	Carrier  string
	Tracking string
}

type Notification struct {
	ID        int64
	UserID    int64
	Channel   string
	Recipient string
	Subject   string
	Body      string
	SentAt    *time.Time
}

type LedgerEntry struct {
	ID          int64
	AccountID   int64
	AmountCents int64
	Reason      string
	Ref         string
}

type StoredResponse struct {
	Status int
	Body   []byte
}

// OrderEvent is published on the orders topic / queue.
type OrderEvent struct {
	EventID    string `json:"event_id"`
	Type       string `json:"type"`
	OrderID    int64  `json:"order_id"`
	TenantID   int64  `json:"tenant_id"`
	UserID     int64  `json:"user_id"`
	TotalCents int64  `json:"total_cents"`
	Points     int64  `json:"points"`
}
