package consumer

import (
	"context"
	"time"

	"example.com/shop4/internal/clients/queue"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/service/entitlements"
	"example.com/shop4/internal/store"
)

type StockStore interface {
	AdjustStock(ctx context.Context, productID int64, delta int) error
}

type DeliveryStore interface {
	SetDelivered(ctx context.Context, orderID int64, at time.Time) error
}

type orderCancelled struct {
	OrderID int64 `json:"order_id"`
	Items   []struct {
		ProductID int64 `json:"product_id"`
		Quantity  int   `json:"quantity"`
	} `json:"items"`
}

// Restock returns the stock of cancelled orders to the shelf.
type Restock struct{ stock StockStore }

func NewRestock(s StockStore) *Restock { return &Restock{stock: s} }

func (c *Restock) Handle(ctx context.Context, d queue.Delivery) error {
	var ev orderCancelled
	if err := decode(d, &ev); err != nil {
		return d.Ack(ctx)
	}
	for _, it := range ev.Items {
		if err := c.stock.AdjustStock(ctx, it.ProductID, it.Quantity); err != nil {
			return err
		}
	}
	return d.Ack(ctx)
}

type shipmentDelivered struct {
	OrderID     int64     `json:"order_id"`
	DeliveredAt time.Time `json:"delivered_at"`
}

// Delivered marks orders delivered when the carrier confirms it.
type Delivered struct{ orders DeliveryStore }

func NewDelivered(o DeliveryStore) *Delivered { return &Delivered{orders: o} }

func (c *Delivered) Handle(ctx context.Context, d queue.Delivery) error {
	var ev shipmentDelivered
	if err := decode(d, &ev); err != nil {
		return d.Ack(ctx)
	}
	if err := c.orders.SetDelivered(ctx, ev.OrderID, ev.DeliveredAt); err != nil {
		return err
	}
	return d.Ack(ctx)
}

type orderPaid struct {
	OrderID int64    `json:"order_id"`
	UserID  int64    `json:"user_id"`
	SKUs    []string `json:"skus"`
}

// CourseAccess unlocks the video courses bought with an order.
type CourseAccess struct {
	users        store.UserStore
	entitlements *entitlements.Service
}

func NewCourseAccess(users store.UserStore, e *entitlements.Service) *CourseAccess {
	return &CourseAccess{users: users, entitlements: e}
}

func (c *CourseAccess) Handle(ctx context.Context, d queue.Delivery) error {
	var ev orderPaid
	if err := decode(d, &ev); err != nil {
		return d.Ack(ctx)
	}
	u, err := c.users.ByID(ctx, ev.UserID)
	if err != nil {
		return err
	}
	if err := c.entitlements.GrantCourses(ctx, domain.User{ID: u.ID, Email: u.Email, Name: u.Name}, ev.SKUs); err != nil {
		return err
	}
	return d.Ack(ctx)
}
