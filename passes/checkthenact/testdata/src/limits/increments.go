package limits

import (
	"context"
	"errors"
)

// A coupon's uses counted on its row, tested against its maximum, and
// taken by a repository method whose name says it adds one: each call
// adds again, so two redemptions of the last use both pass and both add.

type Coupon struct {
	Code    string
	Used    int
	MaxUses int
}

type CouponRepository interface {
	GetCoupon(ctx context.Context, code string) (*Coupon, error)
	IncrementCouponUsage(ctx context.Context, code string) error
	IncrementalExport(ctx context.Context, code string) error
	AcquireLock(ctx context.Context, key string) (func(), error)
}

type Coupons struct{ Repo CouponRepository }

func (c *Coupons) Redeem(ctx context.Context, code string) error {
	cp, err := c.Repo.GetCoupon(ctx, code) // want `limit race: Used read here is compared at line \d+, and IncrementCouponUsage at line \d+ takes from it in a separate step`
	if err != nil {
		return err
	}
	if cp.Used >= cp.MaxUses {
		return errors.New("coupon exhausted")
	}
	return c.Repo.IncrementCouponUsage(ctx, code)
}

// Near miss: a method whose name only starts like an increment
// (Incremental) writes no count.
func (c *Coupons) Export(ctx context.Context, code string) error {
	cp, err := c.Repo.GetCoupon(ctx, code)
	if err != nil {
		return err
	}
	if cp.Used >= cp.MaxUses {
		return errors.New("coupon exhausted")
	}
	return c.Repo.IncrementalExport(ctx, code)
}

// Near miss: the coupon is read again under a lock the second redeemer
// waits for, so it reads the first one's use.
func (c *Coupons) RedeemLocked(ctx context.Context, code string) error {
	unlock, err := c.Repo.AcquireLock(ctx, "coupon:"+code)
	if err != nil {
		return err
	}
	defer unlock()
	cp, err := c.Repo.GetCoupon(ctx, code)
	if err != nil {
		return err
	}
	if cp.Used >= cp.MaxUses {
		return errors.New("coupon exhausted")
	}
	return c.Repo.IncrementCouponUsage(ctx, code)
}
