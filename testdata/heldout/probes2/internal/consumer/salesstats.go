package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/segmentio/kafka-go"

	"example.com/shop2/internal/db/pg"
	"example.com/shop2/internal/events"
)

const salesStatsConsumer = "sales-stats"

// SalesStatsConsumer maintains per-SKU sales totals for the dashboard.
type SalesStatsConsumer struct {
	reader *kafka.Reader
	pool   *pgxpool.Pool
	q      *pg.Queries
	log    *slog.Logger
}

func NewSalesStatsConsumer(brokers []string, pool *pgxpool.Pool, log *slog.Logger) *SalesStatsConsumer {
	return &SalesStatsConsumer{
		reader: kafka.NewReader(kafka.ReaderConfig{
			Brokers: brokers,
			GroupID: salesStatsConsumer,
			Topic:   "orders.paid",
		}),
		pool: pool,
		q:    pg.New(pool),
		log:  log,
	}
}

func (c *SalesStatsConsumer) Run(ctx context.Context) error {
	defer c.reader.Close()
	return kafkaLoop(ctx, c.reader, c.log, c.handle)
}

func (c *SalesStatsConsumer) handle(ctx context.Context, m kafka.Message) error {
	var evt events.OrderPaid
	if err := json.Unmarshal(m.Value, &evt); err != nil {
		c.log.WarnContext(ctx, "skipping malformed order event", "offset", m.Offset, "err", err)
		return nil
	}
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	qtx := c.q.WithTx(tx)

	_, err = qtx.ClaimEvent(ctx, pg.ClaimEventParams{Consumer: salesStatsConsumer, EventID: evt.EventID})
	if errors.Is(err, pgx.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("sales stats: claim %s: %w", evt.EventID, err)
	}
	for _, it := range evt.Items {
		if err := qtx.IncrementProductSales(ctx, pg.IncrementProductSalesParams{
			Sku:          it.SKU,
			UnitsSold:    int64(it.Quantity),
			RevenueCents: int64(it.Quantity) * it.PriceCents,
		}); err != nil {
			return fmt.Errorf("sales stats: %s: %w", it.SKU, err)
		}
	}
	return tx.Commit(ctx)
}
