package notify

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"sync"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/db/pg"
)

// ReceiptMailer mails payment receipts. The order-paid consumer calls it for
// each event.
type ReceiptMailer struct {
	mailer Mailer
	sent   sync.Map // order id -> struct{}
	log    *slog.Logger
}

func NewReceiptMailer(m Mailer, log *slog.Logger) *ReceiptMailer {
	return &ReceiptMailer{mailer: m, log: log}
}

func (r *ReceiptMailer) SendReceipt(ctx context.Context, orderID int64, email string, totalCents int64, currency string) error {
	if _, done := r.sent.Load(orderID); done {
		return nil
	}
	err := r.mailer.Send(ctx, Message{
		To:       email,
		Subject:  "Receipt for order #" + strconv.FormatInt(orderID, 10),
		Template: "receipt",
		Data:     map[string]any{"order_id": orderID, "total": totalCents, "currency": currency},
	})
	if err != nil {
		return fmt.Errorf("receipt for order %d: %w", orderID, err)
	}
	r.sent.Store(orderID, struct{}{})
	return nil
}

// ShippedNotifier tells the customer their order has left the warehouse.
type ShippedNotifier struct {
	mailer Mailer
	q      *pg.Queries
	seen   sync.Map // order id -> struct{}; saves a round trip for repeats
	log    *slog.Logger
}

func NewShippedNotifier(m Mailer, pool *pgxpool.Pool, log *slog.Logger) *ShippedNotifier {
	return &ShippedNotifier{mailer: m, q: pg.New(pool), log: log}
}

func (n *ShippedNotifier) OrderShipped(ctx context.Context, orderID int64, email, tracking string) error {
	if _, done := n.seen.Load(orderID); done {
		return nil
	}
	rows, err := n.q.MarkShippedNotified(ctx, orderID)
	if err != nil {
		return fmt.Errorf("shipped notice for order %d: %w", orderID, err)
	}
	n.seen.Store(orderID, struct{}{})
	if rows == 0 {
		return nil
	}
	return n.mailer.Send(ctx, Message{
		To:       email,
		Subject:  "Your order is on its way",
		Template: "order_shipped",
		Data:     map[string]any{"order_id": orderID, "tracking": tracking},
	})
}
