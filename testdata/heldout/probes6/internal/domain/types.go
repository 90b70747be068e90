package domain

import "time"

type DriverStatus string

const (
	DriverPending  DriverStatus = "pending"
	DriverApproved DriverStatus = "approved"
	DriverBlocked  DriverStatus = "blocked"
)

type Driver struct {
	ID         int64
	FleetID    int64
	Phone      string
	Name       string
	Status     DriverStatus
	ApprovedAt time.Time
	CreatedAt  time.Time
}

type Invite struct {
	FleetID int64
	Phone   string
	Token   string
}

type Shift struct {
	ID       int64
	DriverID int64
	Day      time.Time
	DepotID  int64
}

type Vehicle struct {
	ID        int64  `gorm:"primaryKey"`
	FleetID   int64  `gorm:"uniqueIndex:vehicles_fleet_plate_key"`
	Plate     string `gorm:"uniqueIndex:vehicles_fleet_plate_key"`
	Model     string
	CreatedAt time.Time
}

type Trailer struct {
	ID        int64 `gorm:"primaryKey"`
	FleetID   int64 `gorm:"index"`
	VIN       string
	Axles     int
	CreatedAt time.Time
}

type Depot struct {
	ID      int64
	OrgID   int64
	Code    string
	Name    string
	Address string
}

type ShipmentStatus string

const (
	ShipmentCreated   ShipmentStatus = "created"
	ShipmentInTransit ShipmentStatus = "in_transit"
	ShipmentDelivered ShipmentStatus = "delivered"
	ShipmentCancelled ShipmentStatus = "cancelled"
)

type Shipment struct {
	ID          int64
	MerchantID  int64
	ClientRef   string
	DriverID    int64
	Status      ShipmentStatus
	PriceCents  int64
	EscrowCents int64
	DistanceKm  float64
	CreatedAt   time.Time
}

type BookingStatus string

const (
	BookingPending   BookingStatus = "pending"
	BookingConfirmed BookingStatus = "confirmed"
	BookingCancelled BookingStatus = "cancelled"
)

type Booking struct {
	ID          int64
	MerchantID  int64
	CustomerID  string
	DockID      int64
	Slot        time.Time
	ClientRef   string
	Status      BookingStatus
	PaymentRef  string
	AmountCents int64
	Email       string
}

type PayoutStatus string

const (
	PayoutPending    PayoutStatus = "pending"
	PayoutProcessing PayoutStatus = "processing"
	PayoutPaid       PayoutStatus = "paid"
	PayoutFailed     PayoutStatus = "failed"
)

type Payout struct {
	ID          int64
	DriverID    int64
	BatchID     int64
	AmountCents int64
	Status      PayoutStatus
	TransferRef string
}

type PayoutBatch struct {
	ID         int64
	MerchantID int64
	Period     string
	Total      int64
}

type PayoutAccount struct {
	DriverID    int64
	ProviderRef string
	Country     string
	Currency    string
}

type DriverSettings struct {
	DriverID   int64
	Language   string
	NightShift bool
	CreatedAt  time.Time
}

type Referral struct {
	ID        int64  `db:"id"`
	InviterID int64  `db:"inviter_id"`
	InviteeID int64  `db:"invitee_id"`
	Code      string `db:"code"`
}

type ReferralCode struct {
	ID         int64
	MerchantID int64
	Code       string
	OwnerID    int64
}

type Coupon struct {
	ID         int64     `gorm:"primaryKey" db:"id"`
	MerchantID int64     `db:"merchant_id"`
	Code       string    `gorm:"uniqueIndex:coupons_merchant_code_key" db:"code"`
	PercentOff int       `db:"percent_off"`
	UsesLeft   int       `db:"uses_left"`
	MaxUses    int       `db:"max_uses"`
	CreatedAt  time.Time `db:"created_at"`
}

type Campaign struct {
	ID         int64 `gorm:"primaryKey"`
	MerchantID int64
	Slug       string `gorm:"uniqueIndex:campaigns_merchant_slug_key"`
	Title      string
}

type Redemption struct {
	ID         int64 `gorm:"primaryKey"`
	CouponID   int64
	CustomerID string
	BookingID  int64
	CreatedAt  time.Time
}

type Wallet struct {
	ID           int64 `gorm:"primaryKey"`
	DriverID     int64
	BalanceCents int64
	UpdatedAt    time.Time
}

type InvoiceStatus string

const (
	InvoiceOpen   InvoiceStatus = "open"
	InvoicePaying InvoiceStatus = "paying"
	InvoicePaid   InvoiceStatus = "paid"
)

type Invoice struct {
	ID          int64         `gorm:"primaryKey" db:"id"`
	MerchantID  int64         `db:"merchant_id"`
	Number      string        `db:"number"`
	Period      string        `db:"period"`
	AmountCents int64         `db:"amount_cents"`
	Status      InvoiceStatus `db:"status"`
	ChargeRef   string        `db:"charge_ref"`
}

type Customer struct {
	ID       string
	TenantID string
	Email    string
	Name     string
}

type Device struct {
	DriverID int64
	Token    string
	Platform string
}

type Quote struct {
	ID         string
	TenantID   string
	LaneID     int64
	CarrierID  string
	State      string
	PriceCents int64
}

type WebhookEndpoint struct {
	ID         int64
	MerchantID int64
	URL        string
	Secret     string
}

type CarrierLink struct {
	ID         int64
	MerchantID int64
	Carrier    string
	AccountNo  string
}

type CapacityHold struct {
	ID      int64  `db:"id"`
	LaneID  int64  `db:"lane_id"`
	Week    string `db:"week"`
	Pallets int    `db:"pallets"`
}

type CarrierEvent struct {
	Carrier     string
	EventID     string
	Kind        string
	ShipmentID  int64
	AmountCents int64
}

type TrackingPing struct {
	MessageID  string  `json:"message_id"`
	ShipmentID int64   `json:"shipment_id"`
	DriverID   int64   `json:"driver_id"`
	Lat        float64 `json:"lat"`
	Lng        float64 `json:"lng"`
	DeltaKm    float64 `json:"delta_km"`
}

type PayoutRequest struct {
	RequestID   string `json:"request_id"`
	MerchantID  int64  `json:"merchant_id"`
	DriverID    int64  `json:"driver_id"`
	AmountCents int64  `json:"amount_cents"`
}

type IdempotencyRecord struct {
	MerchantID int64
	Key        string
	Status     int
	Body       []byte
}

type ProofOfDelivery struct {
	ID         int64 `gorm:"primaryKey"`
	ShipmentID int64 `gorm:"uniqueIndex"`
	PhotoURL   string
	SignedBy   string
	CreatedAt  time.Time
}

type MerchantCredit struct {
	MerchantID int64
	LimitCents int64
	UsedCents  int64
	Version    int64
}

type DriverApplication struct {
	ID        int64
	FleetID   int64
	Phone     string
	Name      string
	LicenseNo string
	Status    string
	CreatedAt time.Time
}

type Membership struct {
	DriverID int64
	FleetID  int64
	Role     string
}
