package service

import (
	"context"
	"fmt"
	"strconv"

	"github.com/stripe/stripe-go/v82"

	"example.com/shop2/internal/billing"
	"example.com/shop2/internal/db/pg"
	"example.com/shop2/internal/store"
)

// collect takes the money for an order.
func (s *OrderService) collect(ctx context.Context, o pg.Order, paymentMethod string) (*stripe.PaymentIntent, error) {
	customer, err := s.customers.StripeCustomer(ctx, o.UserID)
	if err != nil {
		return nil, fmt.Errorf("resolve customer: %w", err)
	}
	return s.gateway.Charge(ctx, chargeFor(o, customer, paymentMethod))
}

func chargeFor(o pg.Order, customer, paymentMethod string) billing.ChargeRequest {
	return billing.ChargeRequest{
		CustomerID:    customer,
		PaymentMethod: paymentMethod,
		AmountCents:   o.TotalCents,
		Currency:      o.Currency,
		Description:   "Order #" + strconv.FormatInt(o.ID, 10),
		Metadata:      map[string]string{"order_id": strconv.FormatInt(o.ID, 10)},
	}
}

// finalize records the successful payment and tells the rest of the system.
func (s *OrderService) finalize(ctx context.Context, o *pg.Order, pi *stripe.PaymentIntent) error {
	if err := s.orders.MarkPaid(ctx, o.ID, pi.ID); err != nil {
		return err
	}
	o.Status = store.OrderPaid
	o.PaymentIntentID.String, o.PaymentIntentID.Valid = pi.ID, true
	if err := s.events.OrderPaid(ctx, *o); err != nil {
		s.log.WarnContext(ctx, "publish order paid", "order_id", o.ID, "err", err)
	}
	return nil
}
