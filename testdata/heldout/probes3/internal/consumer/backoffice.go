package consumer

import (
	"context"
	"encoding/json"
	"log/slog"
	"strconv"

	amqp "github.com/rabbitmq/amqp091-go"

	"example.com/shop3/internal/store/pgstore"
)

const backofficeConsumer = "backoffice"

// Backoffice consumes the back-office queue (manual acks, redelivered on
// a closed channel or a Nack). Publishers set MessageId to the id of the
// business event, which stays the same on redelivery and on republish.
type Backoffice struct {
	Ch    *amqp.Channel
	Store *pgstore.Store
	Inbox pgstore.InboxRepo
	Log   *slog.Logger
}

type refundMsg struct {
	OrderID int64 `json:"order_id"`
	UserID  int64 `json:"user_id"`
	Cents   int64 `json:"cents"`
	Points  int64 `json:"points"`
}

func (b *Backoffice) Run(ctx context.Context, queue string) error {
	if err := b.Ch.Qos(20, 0, false); err != nil {
		return err
	}
	deliveries, err := b.Ch.ConsumeWithContext(ctx, queue, "shop-backoffice", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range deliveries {
		var m refundMsg
		if err := json.Unmarshal(d.Body, &m); err != nil {
			_ = d.Reject(false)
			continue
		}
		var herr error
		switch d.Type {
		case "refund.requested":
			herr = b.handleRefund(ctx, d, m)
		case "store_credit.granted":
			herr = b.handleCreditGrant(ctx, d, m)
		case "shipment.created":
			herr = b.handleShipped(ctx, d, m)
		case "shipment.delivered":
			herr = b.handleDelivered(ctx, d, m)
		case "points.adjusted":
			herr = b.handleAdjust(ctx, d, m)
		case "points.expired":
			herr = b.handleExpire(ctx, d, m)
		default:
			herr = d.Ack(false)
		}
		if herr != nil {
			b.Log.Error("backoffice message", "type", d.Type, "err", herr)
			_ = d.Nack(false, true)
		}
	}
	return nil
}

// handleRefund books a refund to store credit.
func (b *Backoffice) handleRefund(ctx context.Context, d amqp.Delivery, m refundMsg) error {
	seen, err := b.Inbox.Seen(ctx, backofficeConsumer, d.MessageId)
	if err != nil {
		return err
	}
	if seen {
		return d.Ack(false)
	}
	tx, err := b.Store.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO ledger (user_id, amount_cents, reason, ref) VALUES ($1, $2, 'refund', $3)`,
		m.UserID, m.Cents, strconv.FormatInt(m.OrderID, 10)); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE wallets SET balance_cents = balance_cents + $2 WHERE user_id = $1`, m.UserID, m.Cents); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	if err := b.Inbox.Mark(ctx, backofficeConsumer, d.MessageId); err != nil {
		return err
	}
	return d.Ack(false)
}

// handleCreditGrant books a goodwill credit; the inbox row commits with it.
func (b *Backoffice) handleCreditGrant(ctx context.Context, d amqp.Delivery, m refundMsg) error {
	tx, err := b.Store.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	first, err := pgstore.ClaimTx(ctx, tx, backofficeConsumer, d.MessageId)
	if err != nil {
		return err
	}
	if first {
		if _, err := tx.Exec(ctx, `INSERT INTO ledger (user_id, amount_cents, reason, ref) VALUES ($1, $2, 'goodwill', $3)`,
			m.UserID, m.Cents, d.MessageId); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE wallets SET balance_cents = balance_cents + $2 WHERE user_id = $1`, m.UserID, m.Cents); err != nil {
			return err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	return d.Ack(false)
}

// handleShipped records that the order left the warehouse.
func (b *Backoffice) handleShipped(ctx context.Context, d amqp.Delivery, m refundMsg) error {
	tx, err := b.Store.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE orders SET status = 'shipped' WHERE id = $1`, m.OrderID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE shipments SET shipped_at = now() WHERE order_id = $1`, m.OrderID); err != nil {
		return err
	}
	if err := d.Ack(false); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// handleDelivered records the delivery and queues the review request.
func (b *Backoffice) handleDelivered(ctx context.Context, d amqp.Delivery, m refundMsg) error {
	tx, err := b.Store.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	first, err := pgstore.ClaimTx(ctx, tx, backofficeConsumer, d.MessageId)
	if err != nil {
		return err
	}
	if first {
		if _, err := tx.Exec(ctx, `UPDATE orders SET status = 'delivered' WHERE id = $1`, m.OrderID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO outbox (topic, payload) VALUES ('review.request', json_build_object('order_id', $1::bigint))`, m.OrderID); err != nil {
			return err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	return d.Ack(false)
}

// handleAdjust applies a manual points adjustment once.
func (b *Backoffice) handleAdjust(ctx context.Context, d amqp.Delivery, m refundMsg) error {
	tx, err := b.Store.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	dedupKey := "adjust-" + strconv.FormatUint(d.DeliveryTag, 10)
	first, err := pgstore.ClaimTx(ctx, tx, backofficeConsumer, dedupKey)
	if err != nil {
		return err
	}
	if first {
		if err := pgstore.AddPointsTx(ctx, tx, m.UserID, m.Points); err != nil {
			return err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	return d.Ack(false)
}

// handleExpire removes expired points once per message.
func (b *Backoffice) handleExpire(ctx context.Context, d amqp.Delivery, m refundMsg) error {
	tx, err := b.Store.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	dedupKey := "expire-" + d.MessageId
	first, err := pgstore.ClaimTx(ctx, tx, backofficeConsumer, dedupKey)
	if err != nil {
		return err
	}
	if first {
		if err := pgstore.AddPointsTx(ctx, tx, m.UserID, -m.Points); err != nil {
			return err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	return d.Ack(false)
}
