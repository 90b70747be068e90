// Package domain holds the service's entities and sentinel errors.
package domain

import (
	"errors"
	"time"
)

var (
	ErrNotFound          = errors.New("not found")
	ErrDuplicate         = errors.New("duplicate")
	ErrEmailTaken        = errors.New("email already registered")
	ErrNotPayable        = errors.New("order is not payable")
	ErrAlreadyUsed       = errors.New("already used")
	ErrExhausted         = errors.New("exhausted")
	ErrTooSoon           = errors.New("too soon")
	ErrInsufficientFunds = errors.New("insufficient funds")
	ErrNoSeats           = errors.New("no seats left")
	ErrConflict          = errors.New("conflict")
)

const (
	OrderPending  = "pending"
	OrderPaying   = "paying"
	OrderPaid     = "paid"
	OrderCanceled = "canceled"

	InvoiceOpen = "open"
	InvoicePaid = "paid"

	RefundRequested = "requested"
	RefundDone      = "refunded"
)

type User struct {
	ID            int64      `gorm:"primaryKey" db:"id"`
	Email         string     `gorm:"uniqueIndex" db:"email"`
	Name          string     `db:"name"`
	Phone         string     `db:"phone"`
	EmailVerified bool       `db:"email_verified"`
	Plan          string     `db:"plan"`
	LastSMSAt     *time.Time `gorm:"column:last_sms_at" db:"last_sms_at"`
	CreatedAt     time.Time  `db:"created_at"`
}

type Account struct {
	ID       int64  `gorm:"primaryKey" db:"id"`
	UserID   int64  `db:"user_id"`
	Balance  int64  `db:"balance"`
	Currency string `db:"currency"`
}

type Payment struct {
	ID         int64  `db:"id"`
	OrderRef   string `db:"order_ref"`
	Amount     int64  `db:"amount"`
	ProviderID string `db:"provider_id"`
	Status     string `db:"status"`
}

type Project struct {
	ID    int64
	OrgID int64
	Slug  string
	Name  string
}

type TeamMember struct {
	ID     int64
	TeamID int64
	UserID int64
	Role   string
}

type Order struct {
	ID        int64 `gorm:"primaryKey"`
	UserID    int64
	Amount    int64
	Status    string
	ChargeID  string
	UpdatedAt time.Time
}

type Invoice struct {
	ID        int64      `db:"id"`
	AccountID int64      `db:"account_id"`
	Amount    int64      `db:"amount"`
	Status    string     `db:"status"`
	PaidAt    *time.Time `db:"paid_at"`
}

type Invitation struct {
	ID         int64
	OrgID      int64
	Email      string
	Token      string
	AcceptedAt *time.Time
	CreatedAt  time.Time
}

type Org struct {
	ID        int64  `db:"id"`
	Name      string `db:"name"`
	Seats     int    `db:"seats"`
	SeatsUsed int    `db:"seats_used"`
}

type Coupon struct {
	ID       int64  `gorm:"primaryKey"`
	Code     string `gorm:"uniqueIndex"`
	Value    int64
	Used     bool
	MaxUses  int
	UseCount int
}

type CouponRedemption struct {
	ID        int64 `gorm:"primaryKey"`
	CouponID  int64
	UserID    int64
	CreatedAt time.Time
}

type Refund struct {
	ID          int64  `xorm:"pk autoincr 'id'"`
	OrderID     int64  `xorm:"'order_id'"`
	Amount      int64  `xorm:"'amount'"`
	Status      string `xorm:"'status'"`
	ProviderRef string `xorm:"'provider_ref'"`
}

type DailyBonus struct {
	ID     int64 `gorm:"primaryKey"`
	UserID int64
	Day    time.Time `gorm:"type:date"`
	Amount int64
}

type Subscription struct {
	ID            int64      `db:"id"`
	UserID        int64      `db:"user_id"`
	Plan          string     `db:"plan"`
	ProviderSubID string     `db:"provider_sub_id"`
	CanceledAt    *time.Time `db:"canceled_at"`
}

type ProcessedMessage struct {
	ID        int64  `gorm:"primaryKey"`
	MessageID string `gorm:"uniqueIndex"`
	CreatedAt time.Time
}

type Shipment struct {
	ID      int64 `gorm:"primaryKey"`
	OrderID int64
	Address string
}

type IdempotencyRecord struct {
	Key          string
	Status       string
	ResponseCode int
	ResponseBody []byte
}

type Transfer struct {
	ID          int64
	FromAccount int64
	ToIBAN      string
	Amount      int64
	ProviderRef string
}

type FeatureGrant struct {
	ID      int64  `xorm:"pk autoincr 'id'"`
	UserID  int64  `xorm:"'user_id'"`
	Feature string `xorm:"'feature'"`
}
