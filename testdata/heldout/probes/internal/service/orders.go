package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/gorm"

	"example.com/probes/internal/domain"
	"example.com/probes/internal/payment"
)

type OrderStore interface {
	Get(ctx context.Context, id int64) (domain.Order, error)
	Save(ctx context.Context, o *domain.Order) error
	TransitionStatus(ctx context.Context, id int64, from, to string) (bool, error)
	WithLockedOrder(ctx context.Context, id int64, fn func(tx *gorm.DB, o *domain.Order) error) error
}

type OrderService struct {
	orders  OrderStore
	gateway payment.Gateway
	users   UserStore
	log     *slog.Logger
}

func NewOrderService(o OrderStore, g payment.Gateway, u UserStore, l *slog.Logger) *OrderService {
	return &OrderService{orders: o, gateway: g, users: u, log: l}
}

// Pay charges a pending order.
func (s *OrderService) Pay(ctx context.Context, orderID int64) (domain.Order, error) {
	order, err := s.orders.Get(ctx, orderID) // L:F2a
	if err != nil {
		return domain.Order{}, err
	}
	if order.Status != domain.OrderPending {
		return order, domain.ErrNotPayable
	}
	if err := s.settle(ctx, &order); err != nil {
		return order, err
	}
	return order, nil
}

func (s *OrderService) settle(ctx context.Context, o *domain.Order) error {
	chargeID, err := s.chargeOrder(ctx, o)
	if err != nil {
		return fmt.Errorf("settle order %d: %w", o.ID, err)
	}
	return s.finish(ctx, o, chargeID)
}

func (s *OrderService) chargeOrder(ctx context.Context, o *domain.Order) (string, error) {
	u, err := s.users.GetByID(ctx, o.UserID)
	if err != nil {
		return "", err
	}
	res, err := s.gateway.Charge(ctx, payment.ChargeRequest{
		CustomerRef: u.Email,
		Amount:      o.Amount,
		Currency:    "EUR",
		Description: fmt.Sprintf("order #%d", o.ID),
	})
	if err != nil {
		return "", err
	}
	return res.ID, nil
}

func (s *OrderService) finish(ctx context.Context, o *domain.Order, chargeID string) error {
	o.Status = domain.OrderPaid
	o.ChargeID = chargeID
	o.UpdatedAt = time.Now()
	if err := s.orders.Save(ctx, o); err != nil {
		s.log.Error("charged but could not save order", "order", o.ID, "charge", chargeID)
		return err
	}
	return nil
}

// PayV2 claims the order with a conditional update before charging.
func (s *OrderService) PayV2(ctx context.Context, orderID int64) (domain.Order, error) {
	order, err := s.orders.Get(ctx, orderID) // L:F2a-safe
	if err != nil {
		return domain.Order{}, err
	}
	if order.Status != domain.OrderPending {
		return order, domain.ErrNotPayable
	}
	claimed, err := s.orders.TransitionStatus(ctx, orderID, domain.OrderPending, domain.OrderPaying)
	if err != nil {
		return order, err
	}
	if !claimed {
		return order, domain.ErrNotPayable
	}
	order.Status = domain.OrderPaying
	if err := s.settle(ctx, &order); err != nil {
		_, _ = s.orders.TransitionStatus(ctx, orderID, domain.OrderPaying, domain.OrderPending)
		return order, err
	}
	return order, nil
}

// Cancel sets an absolute status; running it twice leaves the same row.
func (s *OrderService) Cancel(ctx context.Context, orderID int64) error {
	order, err := s.orders.Get(ctx, orderID) // L:S-abs-cancel
	if err != nil {
		return err
	}
	if order.Status != domain.OrderPending {
		return domain.ErrNotPayable
	}
	order.Status = domain.OrderCanceled
	order.UpdatedAt = time.Now()
	return s.orders.Save(ctx, &order)
}

// ShipLocked charges under the order's row lock (FOR UPDATE inside the tx).
func (s *OrderService) PayLocked(ctx context.Context, orderID int64) error {
	return s.orders.WithLockedOrder(ctx, orderID, func(tx *gorm.DB, o *domain.Order) error {
		if o.Status != domain.OrderPending { // L:F2a-safe2
			return domain.ErrNotPayable
		}
		chargeID, err := s.chargeOrder(ctx, o)
		if err != nil {
			return err
		}
		o.Status = domain.OrderPaid
		o.ChargeID = chargeID
		return tx.Save(o).Error
	})
}
