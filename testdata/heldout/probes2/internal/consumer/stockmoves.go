package consumer

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	"example.com/shop2/internal/db/pg"
	"example.com/shop2/internal/events"
)

const stockMovesConsumer = "stock-moves"

// StockMovesConsumer applies warehouse stock movements (picks, returns).
type StockMovesConsumer struct {
	cons jetstream.Consumer
	pool *pgxpool.Pool
	q    *pg.Queries
	log  *slog.Logger
}

func NewStockMovesConsumer(ctx context.Context, js jetstream.JetStream, pool *pgxpool.Pool, log *slog.Logger) (*StockMovesConsumer, error) {
	cons, err := js.CreateOrUpdateConsumer(ctx, "WAREHOUSE", jetstream.ConsumerConfig{
		Durable:       stockMovesConsumer,
		FilterSubject: "stock.moves",
		AckPolicy:     jetstream.AckExplicitPolicy,
	})
	if err != nil {
		return nil, err
	}
	return &StockMovesConsumer{cons: cons, pool: pool, q: pg.New(pool), log: log}, nil
}

func (c *StockMovesConsumer) Start(ctx context.Context) (jetstream.ConsumeContext, error) {
	return c.cons.Consume(func(msg jetstream.Msg) {
		if err := c.apply(ctx, msg); err != nil {
			c.log.ErrorContext(ctx, "apply stock move", "err", err)
			_ = msg.Nak()
			return
		}
		if err := msg.Ack(); err != nil {
			c.log.WarnContext(ctx, "ack stock move", "err", err)
		}
	})
}

func (c *StockMovesConsumer) apply(ctx context.Context, msg jetstream.Msg) error {
	var mv events.StockMove
	if err := json.Unmarshal(msg.Data(), &mv); err != nil {
		return fmt.Errorf("decode stock move: %w", err)
	}
	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	qtx := c.q.WithTx(tx)

	n, err := qtx.ClaimInboxMessage(ctx, pg.ClaimInboxMessageParams{Consumer: stockMovesConsumer, MessageKey: mv.MoveID})
	if err != nil {
		return fmt.Errorf("claim move %s: %w", mv.MoveID, err)
	}
	if n == 0 {
		return nil
	}
	if err := qtx.DecrementStock(ctx, pg.DecrementStockParams{Sku: mv.SKU, Quantity: mv.Quantity}); err != nil {
		return fmt.Errorf("move %s: %w", mv.MoveID, err)
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("move %s: commit: %w", mv.MoveID, err)
	}
	return nil
}
