package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/stripe/stripe-go/v82"

	"example.com/shop2/internal/billing"
	"example.com/shop2/internal/db/pg"
	"example.com/shop2/internal/store"
)

var (
	ErrOrderNotFound   = errors.New("order not found")
	ErrNotPayable      = errors.New("order is not awaiting payment")
	ErrNotRefundable   = errors.New("order cannot be refunded")
	ErrOrderInProgress = errors.New("order is being updated, try again")
)

type OrderRepository interface {
	Get(ctx context.Context, id int64) (pg.Order, error)
	MarkPaid(ctx context.Context, id int64, paymentIntentID string) error
	SetStatus(ctx context.Context, id int64, status string) error
	Transition(ctx context.Context, id int64, from, to string) (bool, error)
}

// PaymentGateway is implemented by billing.Gateway.
type PaymentGateway interface {
	Charge(ctx context.Context, req billing.ChargeRequest) (*stripe.PaymentIntent, error)
	ChargeSaved(ctx context.Context, req billing.ChargeRequest) (*stripe.PaymentIntent, error)
	Refund(ctx context.Context, paymentIntentID string, amountCents int64, reason string) (*stripe.Refund, error)
	RefundWithKey(ctx context.Context, paymentIntentID string, amountCents int64, key string) (*stripe.Refund, error)
}

type OrderEvents interface {
	OrderPaid(ctx context.Context, o pg.Order) error
	OrderRefunded(ctx context.Context, o pg.Order) error
}

type OrderService struct {
	orders    OrderRepository
	customers interface {
		StripeCustomer(ctx context.Context, userID int64) (string, error)
	}
	gateway PaymentGateway
	events  OrderEvents
	log     *slog.Logger
}

func NewOrderService(orders OrderRepository, customers interface {
	StripeCustomer(ctx context.Context, userID int64) (string, error)
}, gateway PaymentGateway, events OrderEvents, log *slog.Logger) *OrderService {
	return &OrderService{orders: orders, customers: customers, gateway: gateway, events: events, log: log}
}

func (s *OrderService) load(ctx context.Context, id int64) (pg.Order, error) {
	o, err := s.orders.Get(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return pg.Order{}, ErrOrderNotFound
	}
	return o, err
}

// PayRequest is the body of POST /orders/{id}/pay.
type PayRequest struct {
	PaymentMethod string `json:"payment_method"`
}

// Pay charges the order's total to the given payment method.
func (s *OrderService) Pay(ctx context.Context, userID, orderID int64, req PayRequest) (pg.Order, error) {
	o, err := s.load(ctx, orderID)
	if err != nil {
		return pg.Order{}, fmt.Errorf("pay order %d: %w", orderID, err)
	}
	if o.UserID != userID {
		return pg.Order{}, ErrOrderNotFound
	}
	if o.Status != store.OrderPending {
		return o, ErrNotPayable
	}
	if req.PaymentMethod == "" {
		return pg.Order{}, fmt.Errorf("%w: payment_method required", ErrInvalidRequest)
	}

	pi, err := s.collect(ctx, o, req.PaymentMethod)
	if err != nil {
		return pg.Order{}, fmt.Errorf("pay order %d: %w", orderID, err)
	}
	if err := s.finalize(ctx, &o, pi); err != nil {
		return pg.Order{}, fmt.Errorf("pay order %d: %w", orderID, err)
	}
	return o, nil
}

// Cancel cancels a paid order and refunds it in full.
func (s *OrderService) Cancel(ctx context.Context, userID, orderID int64) (pg.Order, error) {
	o, err := s.load(ctx, orderID)
	if err != nil {
		return pg.Order{}, fmt.Errorf("cancel order %d: %w", orderID, err)
	}
	if o.UserID != userID {
		return pg.Order{}, ErrOrderNotFound
	}
	if o.Status != store.OrderPaid || !o.PaymentIntentID.Valid {
		return o, ErrNotRefundable
	}
	ok, err := s.orders.Transition(ctx, o.ID, store.OrderPaid, store.OrderRefunding)
	if err != nil {
		return pg.Order{}, fmt.Errorf("cancel order %d: %w", orderID, err)
	}
	if !ok {
		return o, ErrOrderInProgress
	}

	key := "order-" + strconv.FormatInt(o.ID, 10) + "-cancel"
	if _, err := s.gateway.RefundWithKey(ctx, o.PaymentIntentID.String, o.TotalCents, key); err != nil {
		// Leave the order in refunding; the reconciler picks it up.
		return pg.Order{}, fmt.Errorf("cancel order %d: %w", orderID, err)
	}
	if err := s.orders.SetStatus(ctx, o.ID, store.OrderRefunded); err != nil {
		return pg.Order{}, fmt.Errorf("cancel order %d: %w", orderID, err)
	}
	o.Status = store.OrderRefunded
	if err := s.events.OrderRefunded(ctx, o); err != nil {
		s.log.WarnContext(ctx, "publish order refunded", "order_id", o.ID, "err", err)
	}
	return o, nil
}
