// Package checkout turns carts into paid orders.
package checkout

import (
	"context"
	"crypto/sha256"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"example.com/shop4/internal/clients/mailer"
	"example.com/shop4/internal/clients/payments"
	"example.com/shop4/internal/clients/queue"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

var (
	ErrEmptyCart   = errors.New("checkout: cart is empty")
	ErrNotPayable  = errors.New("checkout: order is not awaiting payment")
	ErrChargeFault = errors.New("checkout: charge was declined")
)

type Service struct {
	customers store.CustomerStore
	orders    store.OrderStore
	payments  store.PaymentStore
	gateway   payments.Gateway
	mail      mailer.Mailer
	events    queue.Publisher
}

func New(customers store.CustomerStore, orders store.OrderStore, pays store.PaymentStore,
	gw payments.Gateway, m mailer.Mailer, events queue.Publisher) *Service {
	return &Service{customers: customers, orders: orders, payments: pays, gateway: gw, mail: m, events: events}
}

type LineItem struct {
	ProductID  int64  `json:"product_id"`
	SKU        string `json:"sku"`
	Quantity   int    `json:"quantity"`
	PriceCents int64  `json:"price_cents"`
}

type PlaceOrderRequest struct {
	Items    []LineItem `json:"items"`
	Currency string     `json:"currency"`
	Source   string     `json:"source"`
}

// GuestCustomer returns the customer record behind a guest checkout,
// creating it on the first purchase with that address.
func (s *Service) GuestCustomer(ctx context.Context, email, fullName string) (domain.Customer, error) {
	email = strings.ToLower(strings.TrimSpace(email))
	c, err := s.customers.ByEmail(ctx, email)
	if err != nil {
		return domain.Customer{}, err
	}
	if c.ID != 0 {
		return c, nil
	}
	c = domain.Customer{Email: email, FullName: fullName, Source: "guest_checkout"}
	if err := s.customers.Create(ctx, &c); err != nil {
		return domain.Customer{}, err
	}
	s.sendFirstOrderOffer(ctx, c)
	return c, nil
}

func (s *Service) sendFirstOrderOffer(ctx context.Context, c domain.Customer) {
	msg := mailer.Message{
		To:       c.Email,
		Template: "first-order-offer",
		Data:     map[string]any{"name": c.FullName, "code": offerCode(c.ID)},
	}
	if err := s.mail.Send(ctx, msg); err != nil {
		slog.WarnContext(ctx, "first order offer not sent", "customer", c.ID, "err", err)
	}
}

func offerCode(customerID int64) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("welcome-%d", customerID)))
	return "WELCOME-" + base32.StdEncoding.EncodeToString(sum[:5])
}

// PlaceOrder creates the order and charges the card.
func (s *Service) PlaceOrder(ctx context.Context, userID int64, req PlaceOrderRequest) (*domain.Order, error) {
	if len(req.Items) == 0 {
		return nil, ErrEmptyCart
	}
	order := &domain.Order{UserID: userID, Status: domain.OrderPending, Currency: req.Currency}
	for _, it := range req.Items {
		order.Items = append(order.Items, domain.OrderItem{
			ProductID: it.ProductID, SKU: it.SKU, Quantity: it.Quantity, PriceCents: it.PriceCents,
		})
		order.TotalCents += it.PriceCents * int64(it.Quantity)
	}
	if err := s.orders.Save(ctx, order); err != nil {
		return nil, err
	}
	ch, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		AmountCents:    order.PayableCents(),
		Currency:       order.Currency,
		Source:         req.Source,
		Description:    fmt.Sprintf("order %d", order.ID),
		IdempotencyKey: fmt.Sprintf("order-%d", order.ID),
	})
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrChargeFault, err)
	}
	order.Status = domain.OrderPaid
	order.ChargeID = ch.ID
	if err := s.orders.Save(ctx, order); err != nil {
		return nil, err
	}
	s.publishPlaced(ctx, order)
	return order, nil
}

func (s *Service) publishPlaced(ctx context.Context, o *domain.Order) {
	body, _ := json.Marshal(map[string]any{"event_id": fmt.Sprintf("order-placed-%d", o.ID), "order_id": o.ID, "user_id": o.UserID})
	if err := s.events.Publish(ctx, "order.placed", body); err != nil {
		slog.ErrorContext(ctx, "publish order.placed", "order", o.ID, "err", err)
	}
}

// PayOrder charges an order created by the mobile app, which places orders
// first and pays them in a second call.
func (s *Service) PayOrder(ctx context.Context, orderID int64, source string) (domain.Payment, error) {
	order, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return domain.Payment{}, err
	}
	prev, found, err := s.payments.ByOrder(ctx, orderID)
	if err != nil {
		return domain.Payment{}, err
	}
	if found && prev.Status == "succeeded" {
		return prev, nil
	}
	ch, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		AmountCents: order.PayableCents(),
		Currency:    order.Currency,
		Source:      source,
		Description: fmt.Sprintf("order %d", order.ID),
	})
	if err != nil {
		return domain.Payment{}, fmt.Errorf("%w: %v", ErrChargeFault, err)
	}
	p := domain.Payment{OrderID: order.ID, AmountCents: order.PayableCents(), Currency: order.Currency, ChargeID: ch.ID, Status: "succeeded"}
	if err := s.payments.Insert(ctx, &p); err != nil {
		if errors.Is(err, store.ErrDuplicate) {
			existing, _, err := s.payments.ByOrder(ctx, orderID)
			return existing, err
		}
		return domain.Payment{}, err
	}
	if _, err := s.orders.TransitionStatus(ctx, order.ID, domain.OrderPending, domain.OrderPaid); err != nil {
		slog.ErrorContext(ctx, "mark order paid", "order", order.ID, "err", err)
	}
	return p, nil
}
