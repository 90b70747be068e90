package domain

import "time"

type OrderStatus string

const (
	OrderPending   OrderStatus = "pending"
	OrderPaid      OrderStatus = "paid"
	OrderShipped   OrderStatus = "shipped"
	OrderDelivered OrderStatus = "delivered"
	OrderCancelled OrderStatus = "cancelled"
	OrderRefunded  OrderStatus = "refunded"
	OrderReturned  OrderStatus = "returned"
)

type Order struct {
	ID            int64 `gorm:"primaryKey"`
	UserID        int64 `gorm:"index"`
	CustomerID    int64
	Status        OrderStatus `gorm:"type:text"`
	TotalCents    int64
	DiscountCents int64
	Currency      string
	CouponCode    string
	ChargeID      string
	Items         []OrderItem `gorm:"foreignKey:OrderID"`
	PaidAt        *time.Time
	DeliveredAt   *time.Time
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (Order) TableName() string { return "orders" }

func (o *Order) PayableCents() int64 { return o.TotalCents - o.DiscountCents }

type OrderItem struct {
	ID         int64 `gorm:"primaryKey"`
	OrderID    int64 `gorm:"index"`
	ProductID  int64
	SKU        string
	Quantity   int
	PriceCents int64
}

func (OrderItem) TableName() string { return "order_items" }

type Coupon struct {
	ID         int64  `gorm:"primaryKey"`
	Code       string `gorm:"uniqueIndex"`
	PercentOff int
	Uses       int
	MaxUses    int
	ExpiresAt  *time.Time
	CreatedAt  time.Time
	UpdatedAt  time.Time
}

func (Coupon) TableName() string { return "coupons" }

type ReferralCode struct {
	ID            int64  `gorm:"primaryKey"`
	Code          string `gorm:"uniqueIndex"`
	OwnerID       int64
	DiscountCents int64
	Uses          int
	MaxUses       int
}

func (ReferralCode) TableName() string { return "referral_codes" }

type Tag struct {
	ID   int64  `gorm:"primaryKey"`
	Slug string `gorm:"uniqueIndex"`
	Name string
}

func (Tag) TableName() string { return "tags" }

type Category struct {
	ID       int64  `gorm:"primaryKey"`
	Slug     string `gorm:"uniqueIndex"`
	Name     string
	ParentID *int64
}

func (Category) TableName() string { return "categories" }

type Product struct {
	ID         int64
	SKU        string
	Name       string
	PriceCents int64
	Stock      int
	RatingAvg  float64
}

type Review struct {
	ID          int64
	OrderItemID int64
	UserID      int64
	Rating      int
	Body        string
	CreatedAt   time.Time
}

type WishlistItem struct {
	ID        int64
	UserID    int64
	ProductID int64
	Note      string
	CreatedAt time.Time
}
