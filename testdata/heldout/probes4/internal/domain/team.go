package domain

import "time"

type Team struct {
	ID         int64
	Name       string
	OwnerID    int64
	Seats      int
	GuestLimit int
}

type Member struct {
	TeamID   int64
	UserID   int64
	Role     string
	JoinedAt time.Time
}

type Guest struct {
	ID        int64
	TeamID    int64
	Email     string
	InvitedBy int64
	CreatedAt time.Time
}

type Invite struct {
	ID         int64  `gorm:"primaryKey"`
	TeamID     int64  `gorm:"index"`
	Email      string `gorm:"index"`
	Token      string `gorm:"uniqueIndex"`
	Role       string
	InvitedBy  int64
	AcceptedAt *time.Time
	AcceptedBy *int64
	ExpiresAt  time.Time
	CreatedAt  time.Time
}

func (Invite) TableName() string { return "team_invites" }

func (i *Invite) Expired(now time.Time) bool { return now.After(i.ExpiresAt) }
