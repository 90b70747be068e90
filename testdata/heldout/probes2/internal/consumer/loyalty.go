package consumer

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	"example.com/shop2/internal/db/pg"
	"example.com/shop2/internal/events"
)

const loyaltyConsumer = "loyalty-points"

// LoyaltyConsumer awards one point per currency unit spent.
type LoyaltyConsumer struct {
	reader *kafka.Reader
	q      *pg.Queries
	log    *slog.Logger
}

func NewLoyaltyConsumer(brokers []string, pool *pgxpool.Pool, log *slog.Logger) *LoyaltyConsumer {
	return &LoyaltyConsumer{
		reader: kafka.NewReader(kafka.ReaderConfig{
			Brokers: brokers,
			GroupID: loyaltyConsumer,
			Topic:   "orders.paid",
		}),
		q:   pg.New(pool),
		log: log,
	}
}

func (c *LoyaltyConsumer) Run(ctx context.Context) error {
	defer c.reader.Close()
	return kafkaLoop(ctx, c.reader, c.log, c.handle)
}

func (c *LoyaltyConsumer) handle(ctx context.Context, m kafka.Message) error {
	var evt events.OrderPaid
	if err := json.Unmarshal(m.Value, &evt); err != nil {
		c.log.WarnContext(ctx, "skipping malformed order event", "offset", m.Offset, "err", err)
		return nil
	}
	seen, err := c.q.IsEventProcessed(ctx, pg.IsEventProcessedParams{Consumer: loyaltyConsumer, EventID: evt.EventID})
	if err != nil {
		return fmt.Errorf("loyalty: %w", err)
	}
	if seen {
		return nil
	}
	points := evt.TotalCents / 100
	if points > 0 {
		if err := c.q.AddLoyaltyPoints(ctx, pg.AddLoyaltyPointsParams{UserID: evt.UserID, Points: points}); err != nil {
			return fmt.Errorf("loyalty: add points: %w", err)
		}
	}
	if err := c.q.MarkEventProcessed(ctx, pg.MarkEventProcessedParams{Consumer: loyaltyConsumer, EventID: evt.EventID}); err != nil {
		return fmt.Errorf("loyalty: mark %s: %w", evt.EventID, err)
	}
	return nil
}
