// Package events defines the messages exchanged between services and the
// Kafka publisher for order events.
package events

import (
	"context"
	"encoding/json"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/kafka-go"

	"example.com/shop2/internal/db/pg"
)

type LineItem struct {
	SKU        string `json:"sku"`
	Quantity   int32  `json:"quantity"`
	PriceCents int64  `json:"price_cents"`
}

// OrderPaid is published on orders.paid once an order is paid.
type OrderPaid struct {
	EventID    string     `json:"event_id"`
	OrderID    int64      `json:"order_id"`
	UserID     int64      `json:"user_id"`
	TotalCents int64      `json:"total_cents"`
	Currency   string     `json:"currency"`
	Items      []LineItem `json:"items,omitempty"`
	PaidAt     time.Time  `json:"paid_at"`
}

// ReviewApproved is published when moderation approves a product review.
type ReviewApproved struct {
	EventID  string `json:"event_id"`
	ReviewID int64  `json:"review_id"`
	UserID   int64  `json:"user_id"`
	SKU      string `json:"sku"`
}

// StockMove is published by the warehouse system on stock.moves.
type StockMove struct {
	MoveID   string `json:"move_id"`
	SKU      string `json:"sku"`
	Quantity int32  `json:"quantity"`
	Reason   string `json:"reason"`
}

// ReservationRequested arrives on the reservations SQS queue.
type ReservationRequested struct {
	CartID   string `json:"cart_id"`
	SKU      string `json:"sku"`
	Quantity int32  `json:"quantity"`
}

// StockSnapshot arrives on the stock-sync SQS queue.
type StockSnapshot struct {
	SKU     string `json:"sku"`
	Stock   int32  `json:"stock"`
	Version int64  `json:"version"`
}

// WalletCredit arrives on the refund-credits and cashback SQS queues.
type WalletCredit struct {
	EventID     string `json:"event_id"`
	UserID      int64  `json:"user_id"`
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

// Publisher writes order events to Kafka.
type Publisher struct {
	w *kafka.Writer
}

func NewPublisher(brokers []string) *Publisher {
	return &Publisher{w: &kafka.Writer{
		Addr:         kafka.TCP(brokers...),
		Topic:        "orders.paid",
		Balancer:     &kafka.Hash{},
		RequiredAcks: kafka.RequireAll,
	}}
}

func (p *Publisher) OrderPaid(ctx context.Context, o pg.Order) error {
	evt := OrderPaid{
		EventID:    uuid.NewString(),
		OrderID:    o.ID,
		UserID:     o.UserID,
		TotalCents: o.TotalCents,
		Currency:   o.Currency,
		PaidAt:     time.Now().UTC(),
	}
	b, err := json.Marshal(evt)
	if err != nil {
		return err
	}
	return p.w.WriteMessages(ctx, kafka.Message{Key: []byte(strconv.FormatInt(o.ID, 10)), Value: b})
}

func (p *Publisher) OrderRefunded(ctx context.Context, o pg.Order) error {
	b, err := json.Marshal(map[string]any{"order_id": o.ID, "status": o.Status})
	if err != nil {
		return err
	}
	return p.w.WriteMessages(ctx, kafka.Message{Topic: "orders.refunded", Key: []byte(strconv.FormatInt(o.ID, 10)), Value: b})
}

func (p *Publisher) Close() error { return p.w.Close() }
