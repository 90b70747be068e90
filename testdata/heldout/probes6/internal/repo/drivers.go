// Package repo declares the persistence interfaces the services depend on.
// Implementations live under internal/store.
package repo

import (
	"context"
	"time"

	"example.com/fleet6/internal/domain"
)

type Drivers interface {
	Get(ctx context.Context, id int64) (domain.Driver, error)
	FindByPhone(ctx context.Context, fleetID int64, phone string) (domain.Driver, error)
	CreateIfAbsent(ctx context.Context, d *domain.Driver) (created bool, err error)
}

type Applications interface {
	// FindOpenByPhone returns nil, nil when the phone has no open application.
	FindOpenByPhone(ctx context.Context, fleetID int64, phone string) (*domain.DriverApplication, error)
	Insert(ctx context.Context, a *domain.DriverApplication) error
}

type Memberships interface {
	Add(ctx context.Context, m domain.Membership) (added bool, err error)
}

type Shifts interface {
	Book(ctx context.Context, driverID int64, day time.Time, depotID int64) (domain.Shift, error)
	BookOvertime(ctx context.Context, driverID int64, day time.Time, depotID int64) (domain.Shift, error)
}

type DriverStats interface {
	CompletedTrips(ctx context.Context, driverID int64) (int, error)
	SetCompletedTrips(ctx context.Context, driverID int64, n int) error
	IncrementDeliveries(ctx context.Context, driverID int64, parcels int) (int, error)
}

type Approvals interface {
	Get(ctx context.Context, driverID int64) (domain.Driver, error)
	MarkApproved(ctx context.Context, driverID int64, at time.Time) error
	// ApproveIfPending sets approved_at only when it is still NULL and
	// reports whether this call did it.
	ApproveIfPending(ctx context.Context, driverID int64, at time.Time) (bool, error)
}

type PayoutAccounts interface {
	ForDriver(ctx context.Context, driverID int64) (domain.PayoutAccount, error)
	Insert(ctx context.Context, a domain.PayoutAccount) error
}

type DriverSettings interface {
	Get(ctx context.Context, driverID int64) (domain.DriverSettings, error)
	InsertDefault(ctx context.Context, s domain.DriverSettings) (domain.DriverSettings, error)
}
