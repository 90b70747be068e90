package service

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"example.com/shop3/internal/domain"
	"example.com/shop3/internal/store/pgstore"
)

type Orders interface {
	Get(ctx context.Context, id int64) (domain.Order, error)
	Save(ctx context.Context, o domain.Order) error
	SetStatus(ctx context.Context, id int64, status string) error
	TagOnce(ctx context.Context, id int64, tag string, then func(pgx.Tx) error) (bool, error)
	AddPoints(ctx context.Context, userID, points int64) error
}

type IdempotencyKeys interface {
	Claim(ctx context.Context, tenantID int64, key string) (bool, error)
	CreateOrder(ctx context.Context, o *domain.Order, skus []string) error
	CreateOrderOnce(ctx context.Context, key string, o *domain.Order, skus []string) error
}

type OrderService struct {
	Orders  Orders
	Keys    IdempotencyKeys
	Users   Users
	Texter  Texter
	Events  Publisher
	Carrier LabelBuyer
}

const loyaltyTag = "loyalty_awarded"

func pointsFor(o domain.Order) int64 { return o.TotalCents / 100 }

// AwardLoyalty gives the points for a delivered order.
func (s *OrderService) AwardLoyalty(ctx context.Context, orderID int64) error {
	o, err := s.Orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	if o.Status != "delivered" || slices.Contains(o.Tags, loyaltyTag) {
		return nil
	}
	if err := s.Orders.AddPoints(ctx, o.UserID, pointsFor(o)); err != nil {
		return err
	}
	return s.tag(ctx, o, loyaltyTag)
}

func (s *OrderService) tag(ctx context.Context, o domain.Order, tag string) error {
	o.Tags = append(o.Tags, tag)
	return s.Orders.Save(ctx, o)
}

// AwardLoyaltyBonus gives the campaign's bonus points for an order; the tag
// and the points commit together.
func (s *OrderService) AwardLoyaltyBonus(ctx context.Context, orderID, points int64) (bool, error) {
	o, err := s.Orders.Get(ctx, orderID)
	if err != nil {
		return false, err
	}
	return s.Orders.TagOnce(ctx, orderID, "campaign_bonus", func(tx pgx.Tx) error {
		return pgstore.AddPointsTx(ctx, tx, o.UserID, points)
	})
}

// Confirm confirms an order the caller loaded: it texts the customer,
// announces it and records the confirmation.
func (s *OrderService) Confirm(ctx context.Context, o domain.Order) error {
	if o.ConfirmedAt != nil {
		return nil
	}
	if o.Status != "paid" {
		return domain.ErrInvalidState
	}
	u, err := s.Users.ByID(ctx, o.UserID)
	if err != nil {
		return err
	}
	if u.Phone != "" {
		if err := s.Texter.Text(ctx, u.Phone, fmt.Sprintf("Order %d is confirmed.", o.ID)); err != nil {
			return err
		}
	}
	if err := s.Events.Publish(ctx, "order.confirmed", domain.OrderEvent{
		Type: "order.confirmed", OrderID: o.ID, TenantID: o.TenantID, UserID: o.UserID, TotalCents: o.TotalCents,
	}); err != nil {
		return err
	}
	return s.recordConfirmation(ctx, o)
}

func (s *OrderService) recordConfirmation(ctx context.Context, o domain.Order) error {
	now := time.Now().UTC()
	o.ConfirmedAt = &now
	return s.Orders.Save(ctx, o)
}

// MarkShipped records the tracking number of an order the caller loaded
// and publishes the tracking page; both writes set absolute values.
func (s *OrderService) MarkShipped(ctx context.Context, o domain.Order, tracking string) error {
	if o.Status == "shipped" {
		return nil
	}
	if err := s.Carrier.PublishTrackingPage(ctx, o.ID, tracking); err != nil {
		return err
	}
	return s.Orders.SetStatus(ctx, o.ID, "shipped")
}

type PlaceOrderInput struct {
	TenantID   int64
	UserID     int64
	Key        string
	SKUs       []string
	TotalCents int64
	Currency   string
}

// PlaceOrder creates the order once per Idempotency-Key.
func (s *OrderService) PlaceOrder(ctx context.Context, in PlaceOrderInput) (domain.Order, error) {
	first, err := s.Keys.Claim(ctx, in.TenantID, in.Key)
	if err != nil {
		return domain.Order{}, err
	}
	if !first {
		return domain.Order{}, domain.ErrDuplicate
	}
	o := domain.Order{TenantID: in.TenantID, UserID: in.UserID, TotalCents: in.TotalCents, Currency: in.Currency}
	if err := s.Keys.CreateOrder(ctx, &o, in.SKUs); err != nil {
		return domain.Order{}, fmt.Errorf("create order: %w", err)
	}
	return o, nil
}

// PlaceQuickOrder is PlaceOrder for the one-click button: the key and the
// order commit in one transaction.
func (s *OrderService) PlaceQuickOrder(ctx context.Context, in PlaceOrderInput) (domain.Order, error) {
	o := domain.Order{TenantID: in.TenantID, UserID: in.UserID, TotalCents: in.TotalCents, Currency: in.Currency}
	if err := s.Keys.CreateOrderOnce(ctx, in.Key, &o, in.SKUs); err != nil {
		return domain.Order{}, err
	}
	return o, nil
}

// FulfillPaid marks the order paid, texts the customer and announces it.
func (s *OrderService) FulfillPaid(ctx context.Context, orderID int64, paymentRef string) error {
	o, err := s.Orders.Get(ctx, orderID)
	if err != nil {
		return err
	}
	o.Status = "paid"
	o.PaymentRef = paymentRef
	if err := s.Orders.Save(ctx, o); err != nil {
		return err
	}
	if err := s.Events.Publish(ctx, "order.paid", domain.OrderEvent{
		EventID: fmt.Sprintf("order.paid:%d", o.ID), Type: "order.paid", OrderID: o.ID, TenantID: o.TenantID, UserID: o.UserID,
		TotalCents: o.TotalCents, Points: pointsFor(o),
	}); err != nil {
		return err
	}
	return s.Confirm(ctx, o)
}
