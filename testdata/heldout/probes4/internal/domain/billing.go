package domain

import "time"

const (
	InvoiceDraft = "draft"
	InvoiceOpen  = "open"
	InvoicePaid  = "paid"
	InvoiceVoid  = "void"
	// InvoicePaying marks an invoice whose collection is in flight.
	InvoicePaying = "paying"
)

type Invoice struct {
	ID            int64  `gorm:"primaryKey"`
	OrderID       int64  `gorm:"index"`
	Number        string `gorm:"uniqueIndex"`
	Status        string
	AmountCents   int64
	Currency      string
	CustomerEmail string
	ChargeID      string
	PaidAt        *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (Invoice) TableName() string { return "invoices" }

type Receipt struct {
	ID          int64 `gorm:"primaryKey"`
	OrderID     int64 `gorm:"index"`
	Number      string
	AmountCents int64
	Email       string
	CreatedAt   time.Time
}

func (Receipt) TableName() string { return "receipts" }

type Payment struct {
	ID          int64
	OrderID     int64
	AmountCents int64
	Currency    string
	ChargeID    string
	Status      string
	CreatedAt   time.Time
}

type RenewalCharge struct {
	ID             int64
	SubscriptionID int64
	Period         string
	AmountCents    int64
	ChargeID       string
	Status         string
}

type Subscription struct {
	ID          int64
	UserID      int64
	PlanCode    string
	AmountCents int64
	Currency    string
	PaymentRef  string
	Status      string
}

type GiftCode struct {
	ID          int64      `db:"id"`
	Code        string     `db:"code"`
	AmountCents int64      `db:"amount_cents"`
	Currency    string     `db:"currency"`
	ExpiresAt   time.Time  `db:"expires_at"`
	RedeemedAt  *time.Time `db:"redeemed_at"`
	RedeemedBy  *int64     `db:"redeemed_by"`
}

type PromoCode struct {
	Code        string     `db:"code"`
	AmountCents int64      `db:"amount_cents"`
	ExpiresAt   time.Time  `db:"expires_at"`
	RedeemedAt  *time.Time `db:"redeemed_at"`
}

type Transfer struct {
	ID          string `json:"id"`
	FromUserID  int64  `json:"from_user_id"`
	ToAccount   string `json:"to_account"`
	AmountCents int64  `json:"amount_cents"`
	Currency    string `json:"currency"`
	ProviderRef string `json:"provider_ref"`
	Status      string `json:"status"`
}

type IdempotencyRecord struct {
	UserID      int64
	Key         string
	RequestHash string
	State       string
	StatusCode  int
	Body        []byte
	CreatedAt   time.Time
}

type APIKey struct {
	ID        int64
	UserID    int64
	Prefix    string
	Hash      []byte
	Label     string
	CreatedAt time.Time
	RevokedAt *time.Time
}

type WebhookEndpoint struct {
	ID     int64
	UserID int64
	URL    string
	Secret string
}
