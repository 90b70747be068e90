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

// A quota store whose writer is a bare verb: Store keeps the value Used
// reads for the key and the hour.
type HourlyQuotas interface {
	Used(ctx context.Context, key string, hour int64) (int, error)
	Store(ctx context.Context, key string, hour int64, n int) error
	Incr(ctx context.Context, key string, hour int64) (int, error)
}

var errOverQuota = errors.New("over quota")

// Two calls in the same hour both read 41 and both store 42: one call is
// not counted, and a burst passes the limit.
func allowCall(ctx context.Context, q HourlyQuotas, key string, hour int64, limit int) error {
	used, err := q.Used(ctx, key, hour) // want `lost update: .* read here is written back`
	if err != nil {
		return err
	}
	if used >= limit {
		return errOverQuota
	}
	return q.Store(ctx, key, hour, used+1)
}

// Near miss: the store counts the call itself and returns the total.
func allowCallCounted(ctx context.Context, q HourlyQuotas, key string, hour int64, limit int) error {
	n, err := q.Incr(ctx, key, hour)
	if err != nil {
		return err
	}
	if n > limit {
		return errOverQuota
	}
	return nil
}

// Two values of one shape: Store's value could be either's, so neither
// read is taken for what it writes.
type TwoCounters interface {
	Sent(ctx context.Context, key string) (int, error)
	Failed(ctx context.Context, key string) (int, error)
	Store(ctx context.Context, key string, n int) error
}

// Near miss: which value Store keeps is not known.
func countSent(ctx context.Context, c TwoCounters, key string) error {
	n, err := c.Sent(ctx, key)
	if err != nil {
		return err
	}
	return c.Store(ctx, key, n+1)
}
