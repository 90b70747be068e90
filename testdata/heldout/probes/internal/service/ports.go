package service

import (
	"context"

	"example.com/probes/internal/domain"
)

// Interfaces between the service layer and the repositories.

type UserStore interface {
	FindByEmail(ctx context.Context, email string) (domain.User, error)
	GetByID(ctx context.Context, id int64) (domain.User, error)
	Create(ctx context.Context, u *domain.User) error
	MarkEmailVerified(ctx context.Context, id int64) error
	SetPlan(ctx context.Context, id int64, plan string) error
}

type PaymentStore interface {
	GetByOrderRef(ctx context.Context, ref string) (domain.Payment, bool, error)
	Insert(ctx context.Context, p *domain.Payment) error
	Complete(ctx context.Context, id int64, providerID string) error
	Fail(ctx context.Context, id int64) error
}

type Accounts interface {
	Get(ctx context.Context, id int64) (domain.Account, error)
	Credit(ctx context.Context, id, amount int64) error
	Debit(ctx context.Context, id, amount int64) error
	DebitIfEnough(ctx context.Context, id, amount int64) (bool, error)
	AddLedgerEntry(ctx context.Context, accountID, amount int64, reason string) error
}

// Publisher emits domain events to the bus.
type Publisher interface {
	Publish(ctx context.Context, topic string, payload any) error
}
