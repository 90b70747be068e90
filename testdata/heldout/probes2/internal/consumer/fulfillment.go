package consumer

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	"example.com/shop2/internal/db/pg"
	"example.com/shop2/internal/events"
)

// FulfillmentConsumer queues paid orders for the warehouse. It reads the
// ORDERS stream (subject orders.paid) through a durable pull consumer.
type FulfillmentConsumer struct {
	cons      jetstream.Consumer
	pool      *pgxpool.Pool
	q         *pg.Queries
	warehouse string
	log       *slog.Logger
}

func NewFulfillmentConsumer(ctx context.Context, js jetstream.JetStream, pool *pgxpool.Pool, log *slog.Logger) (*FulfillmentConsumer, error) {
	cons, err := js.CreateOrUpdateConsumer(ctx, "ORDERS", jetstream.ConsumerConfig{
		Durable:       "fulfillment",
		FilterSubject: "orders.paid",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       30 * time.Second,
		MaxDeliver:    10,
	})
	if err != nil {
		return nil, err
	}
	return &FulfillmentConsumer{cons: cons, pool: pool, q: pg.New(pool), warehouse: "ams-1", log: log}, nil
}

func (c *FulfillmentConsumer) Start(ctx context.Context) (jetstream.ConsumeContext, error) {
	return c.cons.Consume(func(msg jetstream.Msg) {
		c.handle(ctx, msg)
	})
}

func (c *FulfillmentConsumer) handle(ctx context.Context, msg jetstream.Msg) {
	var evt events.OrderPaid
	if err := json.Unmarshal(msg.Data(), &evt); err != nil {
		c.log.WarnContext(ctx, "malformed orders.paid", "err", err)
		_ = msg.Term()
		return
	}
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		_ = msg.Nak()
		return
	}
	defer tx.Rollback(ctx)
	qtx := c.q.WithTx(tx)

	if err := qtx.CreateFulfillment(ctx, pg.CreateFulfillmentParams{OrderID: evt.OrderID, Warehouse: c.warehouse}); err != nil {
		c.log.ErrorContext(ctx, "create fulfillment", "order_id", evt.OrderID, "err", err)
		_ = msg.Nak()
		return
	}
	if err := qtx.SetOrderStatus(ctx, pg.SetOrderStatusParams{ID: evt.OrderID, Status: "fulfilling"}); err != nil {
		c.log.ErrorContext(ctx, "set order fulfilling", "order_id", evt.OrderID, "err", err)
		_ = msg.Nak()
		return
	}
	if err := msg.Ack(); err != nil {
		c.log.WarnContext(ctx, "ack orders.paid", "order_id", evt.OrderID, "err", err)
	}
	if err := tx.Commit(ctx); err != nil {
		c.log.ErrorContext(ctx, "commit fulfillment", "order_id", evt.OrderID, "err", err)
	}
}
