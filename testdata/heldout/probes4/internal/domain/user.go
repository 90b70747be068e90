package domain

import "time"

// User is an account holder of the shop.
type User struct {
	ID            int64  `gorm:"primaryKey"`
	Email         string `gorm:"uniqueIndex;not null"`
	Name          string
	Locale        string
	Role          string
	Points        int64
	EmailVerified bool
	CreatedAt     time.Time
	UpdatedAt     time.Time
}

func (User) TableName() string { return "users" }

// Customer is a checkout identity; guest checkouts create one without a User.
type Customer struct {
	ID        int64  `gorm:"primaryKey"`
	UserID    *int64 `gorm:"index"`
	Email     string `gorm:"index"`
	FullName  string
	Source    string
	CreatedAt time.Time
}

func (Customer) TableName() string { return "shop_customers" }

// Profile is the public profile of a user.
type Profile struct {
	ID          int64     `db:"id"`
	UserID      int64     `db:"user_id"`
	DisplayName string    `db:"display_name"`
	AvatarURL   string    `db:"avatar_url"`
	CreatedAt   time.Time `db:"created_at"`
}

// NotificationSettings holds per-user notification switches.
type NotificationSettings struct {
	UserID      int64     `db:"user_id"`
	OrderEmails bool      `db:"order_emails"`
	Marketing   bool      `db:"marketing"`
	CreatedAt   time.Time `db:"created_at"`
}

// Contact is a CRM contact mirrored from the marketing tool.
type Contact struct {
	Email     string    `db:"email"`
	Name      string    `db:"name"`
	Locale    string    `db:"locale"`
	UpdatedAt time.Time `db:"updated_at"`
}

// Follow is an edge of the social graph.
type Follow struct {
	FollowerID int64 `gorm:"primaryKey;autoIncrement:false"`
	FolloweeID int64 `gorm:"primaryKey;autoIncrement:false"`
	CreatedAt  time.Time
}

func (Follow) TableName() string { return "follows" }

// Block hides a user from another.
type Block struct {
	BlockerID int64 `gorm:"primaryKey;autoIncrement:false"`
	BlockedID int64 `gorm:"primaryKey;autoIncrement:false"`
	CreatedAt time.Time
}

func (Block) TableName() string { return "blocks" }

// VerificationToken is sent by e-mail to confirm an address.
type VerificationToken struct {
	Token     string `gorm:"primaryKey"`
	UserID    int64  `gorm:"index"`
	ExpiresAt time.Time
	CreatedAt time.Time
}

func (VerificationToken) TableName() string { return "email_verification_tokens" }

// Session is a login session.
type Session struct {
	ID        string
	UserID    int64
	ExpiresAt time.Time
}
