// Package repo declares the stores the service calls; pgstore implements
// them, and main wires one to the other, so the service's package does
// not import the implementations.
package repo

import "context"

type Payments interface {
	Record(ctx context.Context, shipmentID int64, chargeRef string, amountCents int64) error
	Paid(ctx context.Context, shipmentID int64) (bool, error)
}

type Rewards interface {
	Record(ctx context.Context, referralID int64, side string) (bool, error)
}

type Ledger interface {
	Append(ctx context.Context, accountID int64, chargeRef string, amountCents int64) error
}

type Receipts interface {
	Keep(ctx context.Context, orderID int64, chargeRef string) error
}

type Stamps interface {
	Stamp(ctx context.Context, shipmentID int64) error
}

type Drivers interface {
	Exists(ctx context.Context, email string) (bool, error)
	Enlist(ctx context.Context, email string) error
	Licence(ctx context.Context, email string) (string, error)
}

type Crews interface {
	Exists(ctx context.Context, email string) (bool, error)
	Enlist(ctx context.Context, email string) error
	Roster(ctx context.Context) ([]string, error)
}
