package domain

import (
	"time"

	"github.com/uptrace/bun"
)

const (
	PayoutRequested = "requested"
	PayoutScheduled = "scheduled"
	PayoutSending   = "sending"
	PayoutSent      = "sent"
	PayoutFailed    = "failed"
	PayoutRetrying  = "retrying"
)

type Payout struct {
	bun.BaseModel `bun:"table:payouts,alias:p"`

	ID          int64  `bun:",pk,autoincrement"`
	SellerID    int64  `bun:",notnull"`
	AmountCents int64  `bun:",notnull"`
	Currency    string `bun:",notnull"`
	IBAN        string `bun:"iban"`
	Status      string `bun:",notnull"`
	BankRef     string `bun:",nullzero"`
	ApprovedBy  int64  `bun:",nullzero"`
	Attempts    int
	RunAt       time.Time `bun:",nullzero"`
	CreatedAt   time.Time `bun:",nullzero,notnull,default:current_timestamp"`
	UpdatedAt   time.Time `bun:",nullzero,notnull,default:current_timestamp"`
}

type RefundRequest struct {
	bun.BaseModel `bun:"table:refund_requests,alias:rr"`

	ID          int64 `bun:",pk,autoincrement"`
	OrderID     int64
	ChargeID    string
	AmountCents int64
	Reason      string
	Status      string
	ProviderRef string    `bun:",nullzero"`
	CreatedAt   time.Time `bun:",nullzero,notnull,default:current_timestamp"`
}
