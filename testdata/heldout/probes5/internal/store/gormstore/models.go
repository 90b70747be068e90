// Package gormstore holds the billing models and repositories, backed by
// PostgreSQL through gorm.
package gormstore

import "time"

type Plan struct {
	ID             int64  `gorm:"primaryKey"`
	Code           string `gorm:"uniqueIndex"`
	Name           string
	SeatPrice      int64
	MaxAutomations int
}

type BillingAccount struct {
	ID                 int64 `gorm:"primaryKey"`
	WorkspaceID        int64 `gorm:"index"`
	ProviderCustomerID string
	Email              string
	CreatedAt          time.Time
}

type TaxProfile struct {
	ID          int64 `gorm:"primaryKey"`
	WorkspaceID int64 `gorm:"uniqueIndex"`
	Country     string
	VATNumber   string `gorm:"column:vat_number"`
	CreatedAt   time.Time
}

type Subscription struct {
	ID               int64 `gorm:"primaryKey"`
	WorkspaceID      int64 `gorm:"uniqueIndex"`
	PlanCode         string
	Status           string
	Seats            int
	ProviderSubID    string
	CurrentPeriodEnd time.Time
	Version          int
	UpdatedAt        time.Time
}

type SeatAssignment struct {
	ID             int64 `gorm:"primaryKey"`
	SubscriptionID int64
	UserID         int64
	AssignedAt     time.Time
}

type Invoice struct {
	ID          int64 `gorm:"primaryKey"`
	WorkspaceID int64
	Number      string `gorm:"uniqueIndex"`
	Status      string
	AmountCents int64
	Currency    string
	Attempts    int
	PaymentID   *int64
	PaidAt      *time.Time
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

type Payment struct {
	ID             int64 `gorm:"primaryKey"`
	WorkspaceID    int64
	Reference      string `gorm:"uniqueIndex"`
	ProviderCharge string
	Status         string
	AmountCents    int64
	RefundedCents  int64
	Currency       string
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

type Refund struct {
	ID             int64 `gorm:"primaryKey"`
	PaymentID      int64
	ProviderRefund string
	AmountCents    int64
	CreatedAt      time.Time
}

type CreditBalance struct {
	WorkspaceID  int64 `gorm:"primaryKey;autoIncrement:false"`
	BalanceCents int64
	Version      int
	UpdatedAt    time.Time
}

type CreditLedger struct {
	ID          int64 `gorm:"primaryKey"`
	WorkspaceID int64
	DeltaCents  int64
	Reason      string
	CreatedAt   time.Time
}

func (CreditLedger) TableName() string { return "credit_ledger" }

type UsageCounter struct {
	ID          int64 `gorm:"primaryKey"`
	WorkspaceID int64
	Metric      string
	Period      string
	Quantity    int64
}

type UsageEvent struct {
	EventID     string `gorm:"primaryKey"`
	WorkspaceID int64
	Metric      string
	Quantity    int64
	ReceivedAt  time.Time
}

type Automation struct {
	ID          int64 `gorm:"primaryKey"`
	WorkspaceID int64
	Name        string
	Trigger     string
	CreatedAt   time.Time
}

type Coupon struct {
	ID          int64  `gorm:"primaryKey"`
	Code        string `gorm:"uniqueIndex"`
	CreditCents int64
	RedeemedBy  *int64
	RedeemedAt  *time.Time
}

type PromoCode struct {
	ID          int64  `gorm:"primaryKey"`
	Code        string `gorm:"uniqueIndex"`
	CreditCents int64
	RedeemedBy  *int64
	RedeemedAt  *time.Time
}

type Payout struct {
	ID             int64 `gorm:"primaryKey"`
	OrganizerID    int64
	AmountCents    int64
	Status         string
	ProviderPayout string
	CreatedAt      time.Time
}
