package lostupdates

import (
	"context"
	"errors"
)

// A store that keeps one number per key behind a getter and its setter:
// the getter's name has no lookup verb, but its setter says what it
// reads.
type DriverStats interface {
	CompletedTrips(ctx context.Context, driverID int64) (int, error)
	SetCompletedTrips(ctx context.Context, driverID int64, n int) error
}

type CouponUses interface {
	UsesLeft(ctx context.Context, couponID int64) (int, error)
	SetUsesLeft(ctx context.Context, couponID int64, left int) error
	// Use takes one use in the store, if one is left, and reports whether
	// it did.
	Use(ctx context.Context, couponID int64) (bool, error)
}

var errCouponSpent = errors.New("coupon spent")

// Two trips closing at once both read n and both store n+1.
func recordTrip(ctx context.Context, stats DriverStats, driverID int64) error {
	n, err := stats.CompletedTrips(ctx, driverID) // want `lost update: .* read here is written back`
	if err != nil {
		return err
	}
	n++
	return stats.SetCompletedTrips(ctx, driverID, n)
}

// Two checkouts with the last use both read 1 and both store 0.
func applyCoupon(ctx context.Context, uses CouponUses, couponID int64) error {
	left, err := uses.UsesLeft(ctx, couponID) // want `lost update: .* read here is written back`
	if err != nil {
		return err
	}
	if left <= 0 {
		return errCouponSpent
	}
	return uses.SetUsesLeft(ctx, couponID, left-1)
}

// Near miss: the store takes the use itself and says whether it could.
func applyCouponAtomically(ctx context.Context, uses CouponUses, couponID int64) error {
	ok, err := uses.Use(ctx, couponID)
	if err != nil {
		return err
	}
	if !ok {
		return errCouponSpent
	}
	return nil
}

// Near miss: the value stored is the one the caller was handed, not one
// computed from the read.
func resetCoupon(ctx context.Context, uses CouponUses, couponID int64, left int) error {
	if _, err := uses.UsesLeft(ctx, couponID); err != nil {
		return err
	}
	return uses.SetUsesLeft(ctx, couponID, left)
}

type DriverWallet struct {
	DriverID     int64
	BalanceCents int64
}

// DriverWallets looks a wallet up by a name with no lookup verb; its shape
// (a key in, the record out) says it reads.
type DriverWallets interface {
	ForDriver(ctx context.Context, driverID int64) (DriverWallet, error)
	Save(ctx context.Context, w *DriverWallet) error
	Credit(ctx context.Context, driverID, cents int64) error
}

// Two completed jobs both load the balance, add their earnings and save
// the whole wallet: one job's earnings are gone.
func addEarnings(ctx context.Context, wallets DriverWallets, driverID, cents int64) error {
	w, err := wallets.ForDriver(ctx, driverID) // want `lost update: BalanceCents read here is written back`
	if err != nil {
		return err
	}
	w.BalanceCents += cents
	return wallets.Save(ctx, &w)
}

// Near miss: the store adds the amount itself.
func addTip(ctx context.Context, wallets DriverWallets, driverID, cents int64) error {
	if _, err := wallets.ForDriver(ctx, driverID); err != nil {
		return err
	}
	return wallets.Credit(ctx, driverID, cents)
}
