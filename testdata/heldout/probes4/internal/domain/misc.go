package domain

import "time"

type Referral struct {
	ID         int64
	ReferrerID int64
	RefereeID  int64
	Code       string
	CreatedAt  time.Time
}

type CampaignEnrollment struct {
	ID         int64
	CampaignID int64
	UserID     int64
	Channel    string
	CreatedAt  time.Time
}

type Event struct {
	ID       int64     `db:"id"`
	Title    string    `db:"title"`
	StartsAt time.Time `db:"starts_at"`
	Venue    string    `db:"venue"`
}

type Registration struct {
	ID         int64     `db:"id"`
	EventID    int64     `db:"event_id"`
	UserID     int64     `db:"user_id"`
	TicketCode string    `db:"ticket_code"`
	CreatedAt  time.Time `db:"created_at"`
}

type SessionSeat struct {
	SessionID int64  `db:"session_id"`
	UserID    int64  `db:"user_id"`
	SeatCode  string `db:"seat_code"`
}

type Subscriber struct {
	ID           int64     `db:"id"`
	ListID       string    `db:"list_id"`
	Email        string    `db:"email"`
	Source       string    `db:"source"`
	ConfirmToken string    `db:"confirm_token"`
	CreatedAt    time.Time `db:"created_at"`
}

type AbandonedCart struct {
	ID         int64     `db:"id"`
	UserID     int64     `db:"user_id"`
	Email      string    `db:"email"`
	TotalCents int64     `db:"total_cents"`
	UpdatedAt  time.Time `db:"updated_at"`
}

type ReviewRequest struct {
	ID      int64     `db:"id"`
	OrderID int64     `db:"order_id"`
	Email   string    `db:"email"`
	DueAt   time.Time `db:"due_at"`
}

type CourseGrant struct {
	ID        int64
	UserID    int64
	SKU       string
	CreatedAt time.Time
}

type StoreHandle struct {
	Handle   string `db:"handle"`
	SellerID int64  `db:"seller_id"`
}
