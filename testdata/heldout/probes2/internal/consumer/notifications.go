package consumer

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/segmentio/kafka-go"

	"example.com/shop2/internal/db/pg"
	"example.com/shop2/internal/events"
	"example.com/shop2/internal/notify"
)

// NotificationConsumer sends customer e-mails for order lifecycle events.
type NotificationConsumer struct {
	reader   *kafka.Reader
	shipped  jetstream.Consumer
	q        *pg.Queries
	receipts *notify.ReceiptMailer
	notifier *notify.ShippedNotifier
	log      *slog.Logger
}

func NewNotificationConsumer(ctx context.Context, brokers []string, js jetstream.JetStream, pool *pgxpool.Pool, receipts *notify.ReceiptMailer, notifier *notify.ShippedNotifier, log *slog.Logger) (*NotificationConsumer, error) {
	cons, err := js.CreateOrUpdateConsumer(ctx, "SHIPMENTS", jetstream.ConsumerConfig{
		Durable:       "customer-notifications",
		FilterSubject: "shipments.dispatched",
		AckPolicy:     jetstream.AckExplicitPolicy,
	})
	if err != nil {
		return nil, err
	}
	return &NotificationConsumer{
		reader: kafka.NewReader(kafka.ReaderConfig{
			Brokers: brokers,
			GroupID: "customer-notifications",
			Topic:   "orders.paid",
		}),
		shipped:  cons,
		q:        pg.New(pool),
		receipts: receipts,
		notifier: notifier,
		log:      log,
	}, nil
}

type shipmentDispatched struct {
	OrderID  int64  `json:"order_id"`
	Tracking string `json:"tracking_number"`
}

func (c *NotificationConsumer) Run(ctx context.Context) error {
	cc, err := c.shipped.Consume(func(msg jetstream.Msg) {
		var evt shipmentDispatched
		if err := json.Unmarshal(msg.Data(), &evt); err != nil {
			_ = msg.Term()
			return
		}
		o, err := c.q.GetOrder(ctx, evt.OrderID)
		if err == nil {
			var u pg.User
			if u, err = c.q.GetUser(ctx, o.UserID); err == nil {
				err = c.notifier.OrderShipped(ctx, o.ID, u.Email, evt.Tracking)
			}
		}
		if err != nil {
			c.log.ErrorContext(ctx, "shipped notice", "order_id", evt.OrderID, "err", err)
			_ = msg.Nak()
			return
		}
		_ = msg.Ack()
	})
	if err != nil {
		return err
	}
	defer cc.Stop()
	defer c.reader.Close()
	return kafkaLoop(ctx, c.reader, c.log, c.receipt)
}

func (c *NotificationConsumer) receipt(ctx context.Context, m kafka.Message) error {
	var evt events.OrderPaid
	if err := json.Unmarshal(m.Value, &evt); err != nil {
		return nil
	}
	u, err := c.q.GetUser(ctx, evt.UserID)
	if err != nil {
		return fmt.Errorf("receipt: load user %d: %w", evt.UserID, err)
	}
	return c.receipts.SendReceipt(ctx, evt.OrderID, u.Email, evt.TotalCents, evt.Currency)
}
