package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/db/pg"
)

var (
	ErrCouponInvalid = errors.New("coupon is not valid")
	ErrCouponUsed    = errors.New("coupon already used")
)

// CouponService applies discount coupons to open orders.
type CouponService struct {
	pool *pgxpool.Pool
	q    *pg.Queries
	log  *slog.Logger
}

func NewCouponService(pool *pgxpool.Pool, log *slog.Logger) *CouponService {
	return &CouponService{pool: pool, q: pg.New(pool), log: log}
}

func (s *CouponService) validCoupon(ctx context.Context, q *pg.Queries, code string) (pg.Coupon, error) {
	c, err := q.GetCoupon(ctx, code)
	if errors.Is(err, pgx.ErrNoRows) {
		return pg.Coupon{}, ErrCouponInvalid
	}
	if err != nil {
		return pg.Coupon{}, fmt.Errorf("load coupon: %w", err)
	}
	if !c.Active || (c.ExpiresAt.Valid && c.ExpiresAt.Time.Before(time.Now())) {
		return pg.Coupon{}, ErrCouponInvalid
	}
	return c, nil
}

// RedeemPromo applies a promotional coupon (one use per customer) to an
// order.
func (s *CouponService) RedeemPromo(ctx context.Context, userID, orderID int64, code string) (int64, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	qtx := s.q.WithTx(tx)

	coupon, err := s.validCoupon(ctx, qtx, code)
	if err != nil {
		return 0, err
	}
	_, err = qtx.GetRedemptionForUpdate(ctx, pg.GetRedemptionForUpdateParams{UserID: userID, CouponCode: code})
	if err == nil {
		return 0, ErrCouponUsed
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return 0, fmt.Errorf("redeem %s: %w", code, err)
	}

	if _, err := qtx.CreateCouponRedemption(ctx, pg.CreateCouponRedemptionParams{
		UserID:      userID,
		CouponCode:  code,
		OrderID:     orderID,
		AmountCents: coupon.AmountCents,
	}); err != nil {
		return 0, fmt.Errorf("redeem %s: %w", code, err)
	}
	if err := qtx.ApplyOrderDiscount(ctx, pg.ApplyOrderDiscountParams{ID: orderID, AmountCents: coupon.AmountCents}); err != nil {
		return 0, fmt.Errorf("redeem %s: %w", code, err)
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, fmt.Errorf("redeem %s: commit: %w", code, err)
	}
	return coupon.AmountCents, nil
}

// RedeemWelcome applies the first-order welcome coupon.
func (s *CouponService) RedeemWelcome(ctx context.Context, userID, orderID int64, code string) (int64, error) {
	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	qtx := s.q.WithTx(tx)

	if _, err := qtx.LockUser(ctx, userID); err != nil {
		return 0, fmt.Errorf("redeem welcome: lock user %d: %w", userID, err)
	}
	coupon, err := s.validCoupon(ctx, qtx, code)
	if err != nil {
		return 0, err
	}
	_, err = qtx.GetRedemptionForUpdate(ctx, pg.GetRedemptionForUpdateParams{UserID: userID, CouponCode: code})
	if err == nil {
		return 0, ErrCouponUsed
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return 0, fmt.Errorf("redeem welcome: %w", err)
	}
	if _, err := qtx.CreateCouponRedemption(ctx, pg.CreateCouponRedemptionParams{
		UserID:      userID,
		CouponCode:  code,
		OrderID:     orderID,
		AmountCents: coupon.AmountCents,
	}); err != nil {
		return 0, fmt.Errorf("redeem welcome: %w", err)
	}
	if err := qtx.ApplyOrderDiscount(ctx, pg.ApplyOrderDiscountParams{ID: orderID, AmountCents: coupon.AmountCents}); err != nil {
		return 0, fmt.Errorf("redeem welcome: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, fmt.Errorf("redeem welcome: commit: %w", err)
	}
	return coupon.AmountCents, nil
}
