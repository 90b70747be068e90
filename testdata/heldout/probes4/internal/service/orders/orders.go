// Package orders handles changes to placed orders: cancellations, returns
// and discounts.
package orders

import (
	"context"
	"errors"
	"time"

	"example.com/shop4/internal/clients/payments"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

var (
	ErrNotCancellable  = errors.New("orders: order can no longer be cancelled")
	ErrNotReturnable   = errors.New("orders: order cannot be returned")
	ErrCouponExpired   = errors.New("orders: coupon expired")
	ErrCouponExhausted = errors.New("orders: coupon has been used up")
	ErrSelfReferral    = errors.New("orders: cannot use your own referral code")
	ErrNotOpen         = errors.New("orders: order is no longer open")
)

type Service struct {
	orders  store.OrderStore
	coupons store.CouponStore
	gateway payments.Gateway
}

func New(orders store.OrderStore, coupons store.CouponStore, gw payments.Gateway) *Service {
	return &Service{orders: orders, coupons: coupons, gateway: gw}
}

// Cancel cancels the customer's order, refunding it when it was already paid.
func (s *Service) Cancel(ctx context.Context, userID, orderID int64) (*domain.Order, error) {
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return nil, err
	}
	if order.UserID != userID {
		return nil, store.ErrNotFound
	}
	switch order.Status {
	case domain.OrderPending:
		order.Status = domain.OrderCancelled
	case domain.OrderPaid:
		if err := s.refundCharge(ctx, order); err != nil {
			return nil, err
		}
		order.Status = domain.OrderRefunded
	default:
		return nil, ErrNotCancellable
	}
	if err := s.orders.Save(ctx, order); err != nil {
		return nil, err
	}
	return order, nil
}

// AcceptReturn is called by the warehouse when a returned parcel arrives.
func (s *Service) AcceptReturn(ctx context.Context, orderID int64) error {
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	if order.Status != domain.OrderDelivered {
		return ErrNotReturnable
	}
	ok, err := s.orders.TransitionStatus(ctx, order.ID, domain.OrderDelivered, domain.OrderReturned)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotReturnable
	}
	return s.refundCharge(ctx, order)
}

func (s *Service) refundCharge(ctx context.Context, o *domain.Order) error {
	_, err := s.gateway.Refund(ctx, o.ChargeID, o.PayableCents())
	return err
}

func (s *Service) ApplyCoupon(ctx context.Context, orderID int64, code string) (*domain.Order, error) {
	coupon, err := s.coupons.ByCode(ctx, code)
	if err != nil {
		return nil, err
	}
	if coupon.ExpiresAt != nil && time.Now().After(*coupon.ExpiresAt) {
		return nil, ErrCouponExpired
	}
	if coupon.MaxUses > 0 && coupon.Uses >= coupon.MaxUses {
		return nil, ErrCouponExhausted
	}
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return nil, err
	}
	if order.Status != domain.OrderPending {
		return nil, ErrNotOpen
	}
	order.CouponCode = coupon.Code
	order.DiscountCents = order.TotalCents * int64(coupon.PercentOff) / 100
	if err := s.orders.Save(ctx, order); err != nil {
		return nil, err
	}
	coupon.Uses++
	if err := s.coupons.Save(ctx, coupon); err != nil {
		return nil, err
	}
	return order, nil
}

func (s *Service) ApplyReferralCode(ctx context.Context, orderID int64, code string) (*domain.Order, error) {
	rc, err := s.coupons.ReferralCode(ctx, code)
	if err != nil {
		return nil, err
	}
	if rc.MaxUses > 0 && rc.Uses >= rc.MaxUses {
		return nil, ErrCouponExhausted
	}
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return nil, err
	}
	if order.UserID == rc.OwnerID {
		return nil, ErrSelfReferral
	}
	ok, err := s.coupons.IncrementReferralUse(ctx, code)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrCouponExhausted
	}
	discount := min(rc.DiscountCents, order.TotalCents)
	applied, err := s.orders.ApplyDiscount(ctx, order.ID, rc.Code, discount)
	if err != nil {
		return nil, err
	}
	if !applied {
		return nil, ErrNotOpen
	}
	order.CouponCode, order.DiscountCents = rc.Code, discount
	return order, nil
}
