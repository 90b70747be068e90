// Package sqlclocks holds coupon redemptions through sqlc's queries on a
// transaction: the redemption looked up FOR UPDATE locks nothing when
// there is none, the user's row locked first serialises the redemptions.
package sqlclocks

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"sqlclocks/db"
)

var ErrCouponUsed = errors.New("coupon already used")

type Coupons struct {
	pool *pgxpool.Pool
	q    *db.Queries
}

// The FOR UPDATE of a redemption that is not there locks no row: two
// first redemptions both find none and both insert.
func (s *Coupons) Redeem(ctx context.Context, userID, orderID int64, code string) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	qtx := s.q.WithTx(tx)
	_, err = qtx.GetRedemptionForUpdate(ctx, db.GetRedemptionForUpdateParams{UserID: userID, CouponCode: code}) // want `check-then-act race: the existence check GetRedemptionForUpdate and the insert at line \d+ are separate steps`
	if err == nil {
		return ErrCouponUsed
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	if _, err := qtx.CreateCouponRedemption(ctx, db.CreateCouponRedemptionParams{UserID: userID, CouponCode: code, OrderID: orderID}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Near miss: the user's row, which exists, is locked first in the same
// transaction; a second redemption of the user waits for the first to
// commit and then finds its row.
func (s *Coupons) RedeemLocked(ctx context.Context, userID, orderID int64, code string) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	qtx := s.q.WithTx(tx)
	if _, err := qtx.LockUser(ctx, userID); err != nil {
		return err
	}
	_, err = qtx.GetRedemptionForUpdate(ctx, db.GetRedemptionForUpdateParams{UserID: userID, CouponCode: code})
	if err == nil {
		return ErrCouponUsed
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	if _, err := qtx.CreateCouponRedemption(ctx, db.CreateCouponRedemptionParams{UserID: userID, CouponCode: code, OrderID: orderID}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// The user's row read without a lock holds nobody back.
func (s *Coupons) RedeemAfterRead(ctx context.Context, userID, orderID int64, code string) error {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	qtx := s.q.WithTx(tx)
	if _, err := qtx.GetUser(ctx, userID); err != nil {
		return err
	}
	_, err = qtx.GetRedemptionForUpdate(ctx, db.GetRedemptionForUpdateParams{UserID: userID, CouponCode: code}) // want `check-then-act race: the existence check GetRedemptionForUpdate and the insert at line \d+ are separate steps`
	if err == nil {
		return ErrCouponUsed
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return err
	}
	if _, err := qtx.CreateCouponRedemption(ctx, db.CreateCouponRedemptionParams{UserID: userID, CouponCode: code, OrderID: orderID}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
