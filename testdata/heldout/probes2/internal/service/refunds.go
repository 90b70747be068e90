package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/stripe/stripe-go/v82"

	"example.com/shop2/internal/billing"
	"example.com/shop2/internal/db/pg"
)

// RefundService issues partial refunds requested by customer support.
type RefundService struct {
	orders  OrderRepository
	gateway PaymentGateway
	log     *slog.Logger
}

func NewRefundService(orders OrderRepository, gateway PaymentGateway, log *slog.Logger) *RefundService {
	return &RefundService{orders: orders, gateway: gateway, log: log}
}

func (s *RefundService) paidOrder(ctx context.Context, orderID int64) (pg.Order, error) {
	o, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return pg.Order{}, err
	}
	if !o.PaymentIntentID.Valid {
		return pg.Order{}, ErrNotRefundable
	}
	return o, nil
}

// RefundItem refunds the price of one returned item.
func (s *RefundService) RefundItem(ctx context.Context, orderID, amountCents int64, reason string) (*stripe.Refund, error) {
	o, err := s.paidOrder(ctx, orderID)
	if err != nil {
		return nil, fmt.Errorf("refund item: %w", err)
	}
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		r, err := s.gateway.Refund(ctx, o.PaymentIntentID.String, amountCents, reason)
		if err == nil {
			return r, nil
		}
		lastErr = err
		if !billing.IsTransient(err) {
			break
		}
		s.log.WarnContext(ctx, "refund failed, retrying", "order_id", orderID, "attempt", attempt, "err", err)
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return nil, fmt.Errorf("refund item on order %d: %w", orderID, lastErr)
}

// RefundShipping refunds the shipping fee of a late delivery.
func (s *RefundService) RefundShipping(ctx context.Context, orderID, feeCents int64) (*stripe.Refund, error) {
	o, err := s.paidOrder(ctx, orderID)
	if err != nil {
		return nil, fmt.Errorf("refund shipping: %w", err)
	}
	key := fmt.Sprintf("order-%d-shipping-fee", o.ID)
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		r, err := s.gateway.RefundWithKey(ctx, o.PaymentIntentID.String, feeCents, key)
		if err == nil {
			return r, nil
		}
		lastErr = err
		if !billing.IsTransient(err) {
			break
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return nil, fmt.Errorf("refund shipping on order %d: %w", orderID, lastErr)
}
