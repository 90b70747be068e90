// Package store declares the persistence ports of the shop. Implementations
// live in gormrepo, pgrepo, sqlxrepo and bunrepo.
package store

import (
	"context"
	"errors"
	"time"

	"example.com/shop4/internal/domain"
)

var (
	// ErrNotFound is returned when a lookup matches no row.
	ErrNotFound = errors.New("store: record not found")
	// ErrDuplicate is returned when an insert violates a unique constraint.
	ErrDuplicate = errors.New("store: duplicate key")
	// ErrLimitReached is returned by inserts that enforce a per-owner limit.
	ErrLimitReached = errors.New("store: limit reached")
)

// --- gorm backed ---

type UserStore interface {
	// FindByEmail returns the zero User when no account uses the address.
	FindByEmail(ctx context.Context, email string) (domain.User, error)
	ByID(ctx context.Context, id int64) (*domain.User, error)
	CreateIfAbsent(ctx context.Context, u *domain.User) (bool, error)
	UpdateColumns(ctx context.Context, id int64, cols map[string]any) error
}

type CustomerStore interface {
	ByEmail(ctx context.Context, email string) (domain.Customer, error)
	Create(ctx context.Context, c *domain.Customer) error
}

type OrderStore interface {
	Get(ctx context.Context, id int64) (*domain.Order, error)
	Save(ctx context.Context, o *domain.Order) error
	TransitionStatus(ctx context.Context, id int64, from, to domain.OrderStatus) (bool, error)
	// ApplyDiscount sets the discount of a pending order that has none yet.
	ApplyDiscount(ctx context.Context, id int64, code string, cents int64) (bool, error)
}

type CouponStore interface {
	ByCode(ctx context.Context, code string) (*domain.Coupon, error)
	Save(ctx context.Context, c *domain.Coupon) error
	ReferralCode(ctx context.Context, code string) (*domain.ReferralCode, error)
	IncrementReferralUse(ctx context.Context, code string) (bool, error)
}

type InvoiceStore interface {
	GetByNumber(ctx context.Context, number string) (domain.Invoice, error)
	MarkPaid(ctx context.Context, id int64, chargeID string) error
	SetStatusIf(ctx context.Context, id int64, from, to string) (bool, error)
	CreateForOrder(ctx context.Context, orderID int64, build func(domain.Order) domain.Invoice) (domain.Invoice, bool, error)
	CreateReceiptForOrder(ctx context.Context, orderID int64, build func(domain.Order) domain.Receipt) (domain.Receipt, bool, error)
}

type SocialStore interface {
	IsFollowing(ctx context.Context, followerID, followeeID int64) (bool, error)
	AddFollow(ctx context.Context, f domain.Follow) error
	IsBlocked(ctx context.Context, blockerID, blockedID int64) (bool, error)
	AddBlock(ctx context.Context, b domain.Block) error
}

type TaxonomyStore interface {
	TagsBySlug(ctx context.Context, slugs []string) ([]domain.Tag, error)
	CreateTags(ctx context.Context, tags []domain.Tag) error
	CategoriesBySlug(ctx context.Context, slugs []string) ([]domain.Category, error)
	InsertCategoriesSkippingExisting(ctx context.Context, cats []domain.Category) error
}

type InviteStore interface {
	ByToken(ctx context.Context, token string) (*domain.Invite, error)
	// PendingFor returns the zero Invite when the address has no open invite.
	PendingFor(ctx context.Context, teamID int64, email string) (domain.Invite, error)
	Create(ctx context.Context, inv *domain.Invite) error
	Save(ctx context.Context, inv *domain.Invite) error
}

type VerificationStore interface {
	ByToken(ctx context.Context, token string) (*domain.VerificationToken, error)
	Consume(ctx context.Context, token string) (bool, error)
}

// --- pgx backed ---

type ShipmentStore interface {
	GetShipment(ctx context.Context, id int64) (*domain.Shipment, error)
	GetShipmentForUpdate(ctx context.Context, id int64) (*domain.Shipment, error)
	UpdateShipment(ctx context.Context, s *domain.Shipment) error
	// InTx runs fn with a store bound to one transaction.
	InTx(ctx context.Context, fn func(ShipmentStore) error) error
}

type RewardStore interface {
	ClaimDaily(ctx context.Context, userID int64, day time.Time, points int64) (bool, error)
	ClaimStreakBonus(ctx context.Context, userID int64, streak int, points int64) (bool, error)
}

type ReferralStore interface {
	ReferrerByCode(ctx context.Context, code string) (int64, error)
	ByReferee(ctx context.Context, refereeID int64) (*domain.Referral, error)
	Create(ctx context.Context, r *domain.Referral) error
	Enrollment(ctx context.Context, campaignID, userID int64) (*domain.CampaignEnrollment, error)
	CreateEnrollment(ctx context.Context, e *domain.CampaignEnrollment) error
}

type WishlistStore interface {
	Find(ctx context.Context, userID, productID int64) (domain.WishlistItem, bool, error)
	Insert(ctx context.Context, it *domain.WishlistItem) error
	AddSerialized(ctx context.Context, it *domain.WishlistItem) (bool, error)
}

type PaymentStore interface {
	ByOrder(ctx context.Context, orderID int64) (domain.Payment, bool, error)
	Insert(ctx context.Context, p *domain.Payment) error
	RenewalFor(ctx context.Context, subscriptionID int64, period string) (*domain.RenewalCharge, error)
	InsertPendingRenewal(ctx context.Context, rc *domain.RenewalCharge) error
	CompleteRenewal(ctx context.Context, id int64, chargeID, status string) error
}

type KeyStore interface {
	CountActive(ctx context.Context, userID int64) (int, error)
	Insert(ctx context.Context, k *domain.APIKey) error
	AddEndpointWithinLimit(ctx context.Context, ep *domain.WebhookEndpoint, limit int) error
}

type TeamStore interface {
	Get(ctx context.Context, id int64) (*domain.Team, error)
	CountMembers(ctx context.Context, teamID int64) (int, error)
	AddMember(ctx context.Context, m domain.Member) error
	AddGuestWithinLimit(ctx context.Context, g *domain.Guest, limit int) error
}

type IdempotencyStore interface {
	Lookup(ctx context.Context, userID int64, key string) (domain.IdempotencyRecord, bool, error)
	Save(ctx context.Context, rec domain.IdempotencyRecord) error
	Claim(ctx context.Context, userID int64, key, requestHash string) (bool, error)
	Complete(ctx context.Context, userID int64, key string, status int, body []byte) error
	Release(ctx context.Context, userID int64, key string) error
}

type GrantStore interface {
	CourseSKUs(ctx context.Context, userID int64) (map[string]bool, error)
	InsertCourse(ctx context.Context, userID int64, sku string) error
	FeatureKeys(ctx context.Context, userID int64) (map[string]bool, error)
	InsertFeatureIfAbsent(ctx context.Context, userID int64, feature string) (bool, error)
}

type ReviewStore interface {
	ExistsForItem(ctx context.Context, orderItemID int64) (bool, error)
	Insert(ctx context.Context, r *domain.Review) error
}

type QuestionStore interface {
	ExistsForItem(ctx context.Context, orderItemID int64) (bool, error)
	Insert(ctx context.Context, orderItemID, userID int64, body string) (int64, error)
}

type SessionStore interface {
	Issue(ctx context.Context, userID int64, ttl time.Duration) (domain.Session, error)
}

// --- sqlx backed ---

type NewsletterStore interface {
	Exists(ctx context.Context, listID, email string) (bool, error)
	Add(ctx context.Context, s *domain.Subscriber) error
	OnWaitlist(ctx context.Context, sku, email string) (bool, error)
	AddToWaitlist(ctx context.Context, sku, email string) (bool, error)
}

type ProfileStore interface {
	ProfileByUserID(ctx context.Context, userID int64) (domain.Profile, error)
	InsertProfile(ctx context.Context, p domain.Profile) error
	SettingsByUserID(ctx context.Context, userID int64) (domain.NotificationSettings, error)
	InsertSettingsIfAbsent(ctx context.Context, s domain.NotificationSettings) (bool, error)
}

type ContactStore interface {
	ContactByEmail(ctx context.Context, email string) (domain.Contact, error)
	UpsertContact(ctx context.Context, c domain.Contact) error
}

type GiftCodeStore interface {
	ByCode(ctx context.Context, code string) (domain.GiftCode, error)
	MarkRedeemed(ctx context.Context, id, userID int64) error
	PromoByCode(ctx context.Context, code string) (domain.PromoCode, error)
	ConsumePromo(ctx context.Context, code string, userID int64) (int64, bool, error)
}

type WalletStore interface {
	Credit(ctx context.Context, userID, cents int64, memo string) error
}

type EventStore interface {
	Get(ctx context.Context, id int64) (domain.Event, error)
	IsRegistered(ctx context.Context, eventID, userID int64) (bool, error)
	InsertRegistration(ctx context.Context, r *domain.Registration) error
	HasSeat(ctx context.Context, sessionID, userID int64) (bool, error)
	InsertSeat(ctx context.Context, s domain.SessionSeat) error
}

type CartStore interface {
	ListAbandoned(ctx context.Context, cutoff time.Time, limit int) ([]domain.AbandonedCart, error)
	MarkReminded(ctx context.Context, id int64) error
}

type ReviewRequestStore interface {
	ClaimDue(ctx context.Context, limit int) ([]domain.ReviewRequest, error)
	MarkSent(ctx context.Context, id int64) error
	Release(ctx context.Context, id int64) error
}

// --- bun backed ---

type PayoutStore interface {
	Get(ctx context.Context, id int64) (*domain.Payout, error)
	ListByStatus(ctx context.Context, status string, limit int) ([]domain.Payout, error)
	Transition(ctx context.Context, id int64, from, to string) (bool, error)
	MarkSent(ctx context.Context, id int64, bankRef string, approvedBy int64) error
	MarkFailed(ctx context.Context, id int64) error
}

type RefundStore interface {
	ListPending(ctx context.Context, limit int) ([]domain.RefundRequest, error)
	Transition(ctx context.Context, id int64, from, to string) (bool, error)
	Complete(ctx context.Context, id int64, providerRef string) error
}
