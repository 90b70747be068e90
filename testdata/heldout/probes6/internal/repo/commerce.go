package repo

import (
	"context"
	"time"

	"example.com/fleet6/internal/domain"
)

type Vehicles interface {
	// ByPlate returns the zero Vehicle when the plate is not registered.
	ByPlate(ctx context.Context, fleetID int64, plate string) (domain.Vehicle, error)
	Create(ctx context.Context, v *domain.Vehicle) error
}

type Trailers interface {
	// ByVIN returns the zero Trailer when the VIN is not registered.
	ByVIN(ctx context.Context, fleetID int64, vin string) (domain.Trailer, error)
	Create(ctx context.Context, t *domain.Trailer) error
}

type Depots interface {
	Exists(ctx context.Context, orgID int64, code string) (bool, error)
	Insert(ctx context.Context, d *domain.Depot) error
}

type Zones interface {
	Exists(ctx context.Context, orgID int64, code string) (bool, error)
	InsertIfAbsent(ctx context.Context, orgID int64, code, name, polygon string) (bool, error)
}

type VehicleProfiles interface {
	Tags(ctx context.Context, vehicleID int64) ([]string, error)
	SetTags(ctx context.Context, vehicleID int64, tags []string) error
	Equipment(ctx context.Context, vehicleID int64) ([]string, error)
	AddEquipment(ctx context.Context, vehicleID int64, items ...string) error
}

type Customers interface {
	FindByEmail(ctx context.Context, tenantID, email string) (domain.Customer, bool, error)
	Insert(ctx context.Context, c *domain.Customer) error
}

type Consignees interface {
	FindByEmail(ctx context.Context, tenantID, email string) (domain.Customer, bool, error)
	Insert(ctx context.Context, c *domain.Customer) (created bool, err error)
}

type Quotes interface {
	Get(ctx context.Context, id string) (domain.Quote, error)
	SetState(ctx context.Context, id, state, reservation string) error
	Transition(ctx context.Context, id, from, to string) (domain.Quote, error)
}

type Devices interface {
	Register(ctx context.Context, d domain.Device) error
	RegisterWebPush(ctx context.Context, d domain.Device) error
	TokensFor(ctx context.Context, driverID int64) ([]string, error)
}

type Notifications interface {
	Log(ctx context.Context, dedupKey string, driverID int64, title, body string) (inserted bool, err error)
}

type Referrals interface {
	CountForInvitee(ctx context.Context, inviteeID int64) (int, error)
	Insert(ctx context.Context, r *domain.Referral) error
	Get(ctx context.Context, id int64) (domain.Referral, error)
	WithInviteeLock(ctx context.Context, inviteeID int64, fn func(ctx context.Context, q ReferralQueries) error) error
}

type ReferralQueries interface {
	CountForInvitee(ctx context.Context, inviteeID int64) (int, error)
	Insert(ctx context.Context, r *domain.Referral) error
}

type Rewards interface {
	Record(ctx context.Context, referralID int64, side string) (bool, error)
}

type ReferralCodes interface {
	Reserve(ctx context.Context, merchantID int64, code string, ownerID int64) (domain.ReferralCode, error)
	Rotate(ctx context.Context, merchantID int64, code string, ownerID int64) (domain.ReferralCode, error)
}

type Coupons interface {
	Create(ctx context.Context, c *domain.Coupon) error
	ByCode(ctx context.Context, merchantID int64, code string) (domain.Coupon, error)
}

type Campaigns interface {
	Create(ctx context.Context, c *domain.Campaign) error
	BySlug(ctx context.Context, merchantID int64, slug string) (domain.Campaign, error)
}

type Redemptions interface {
	RedeemOnce(ctx context.Context, couponID int64, customerID string, bookingID int64) error
	RedeemLimited(ctx context.Context, couponID int64, customerID string, bookingID int64) error
}

type CouponUses interface {
	UsesLeft(ctx context.Context, couponID int64) (int, error)
	SetUsesLeft(ctx context.Context, couponID int64, n int) error
	Consume(ctx context.Context, couponID int64) (bool, error)
}

type Wallets interface {
	ForDriver(ctx context.Context, driverID int64) (domain.Wallet, error)
	Save(ctx context.Context, w *domain.Wallet) error
	Credit(ctx context.Context, driverID, cents int64) error
}

type Invoices interface {
	Get(ctx context.Context, id int64) (domain.Invoice, error)
	SetPaid(ctx context.Context, id int64, chargeRef string) error
	StartPayment(ctx context.Context, id int64) (bool, error)
}

type InvoiceNumbers interface {
	Issue(ctx context.Context, inv *domain.Invoice) error
	IssueCreditNote(ctx context.Context, invoiceID, amountCents int64, reason string) error
	NextNumber(ctx context.Context, merchantID int64) (string, error)
}

type Credit interface {
	Get(ctx context.Context, merchantID int64) (domain.MerchantCredit, error)
	SetUsed(ctx context.Context, merchantID, used int64) error
	SetUsedIfVersion(ctx context.Context, merchantID, used, version int64) (bool, error)
}

type CarrierLinks interface {
	LinkCarrier(ctx context.Context, l *domain.CarrierLink) error
	LinkBroker(ctx context.Context, merchantID int64, broker, eori string) error
}

type CarrierEvents interface {
	AddSurcharge(ctx context.Context, ev domain.CarrierEvent) error
	AddSurchargeOnce(ctx context.Context, ev domain.CarrierEvent) (bool, error)
}

type CapacityHolds interface {
	Hold(ctx context.Context, shipperID, laneID int64, week string, pallets int) (domain.CapacityHold, error)
	HoldWithinCapacity(ctx context.Context, shipperID, laneID int64, week string, pallets int) (domain.CapacityHold, error)
}

type Quotas interface {
	Used(ctx context.Context, apiKeyID string, now time.Time) (int64, error)
	Store(ctx context.Context, apiKeyID string, now time.Time, used int64) error
	Incr(ctx context.Context, apiKeyID string, now time.Time) (int64, error)
}

type Marks interface {
	Seen(ctx context.Context, id string) (bool, error)
	MarkSeen(ctx context.Context, id string) error
	Claim(ctx context.Context, id string) (bool, error)
}

// Inbox is the consumer-side record of processed message ids.
type Inbox interface {
	Seen(ctx context.Context, consumer, messageID string) (bool, error)
	MarkSeen(ctx context.Context, consumer, messageID string) error
}

type Bonuses interface {
	// GrantOnce records the message in the inbox and credits the bonus in
	// one transaction; false means the message was already processed.
	GrantOnce(ctx context.Context, consumer, messageID string, driverID, amountCents int64) (bool, error)
}

type MerchantTotal struct {
	MerchantID  int64
	AmountCents int64
	CustomerRef string
}

type Usage interface {
	MonthlyTotals(ctx context.Context, period string) ([]MerchantTotal, error)
	OverdueInvoices(ctx context.Context, olderThan time.Duration) ([]domain.Invoice, error)
}
