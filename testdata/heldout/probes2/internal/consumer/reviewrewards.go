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

const reviewRewardsConsumer = "review-rewards"

// ReviewRewardsConsumer gives points for approved reviews.
type ReviewRewardsConsumer struct {
	reader *kafka.Reader
	pool   *pgxpool.Pool
	q      *pg.Queries
	points int64
	log    *slog.Logger
}

func NewReviewRewardsConsumer(brokers []string, pool *pgxpool.Pool, log *slog.Logger) *ReviewRewardsConsumer {
	return &ReviewRewardsConsumer{
		reader: kafka.NewReader(kafka.ReaderConfig{
			Brokers: brokers,
			GroupID: reviewRewardsConsumer,
			Topic:   "reviews.approved",
		}),
		pool:   pool,
		q:      pg.New(pool),
		points: 50,
		log:    log,
	}
}

func (c *ReviewRewardsConsumer) Run(ctx context.Context) error {
	defer c.reader.Close()
	return kafkaLoop(ctx, c.reader, c.log, c.handle)
}

func (c *ReviewRewardsConsumer) handle(ctx context.Context, m kafka.Message) error {
	var evt events.ReviewApproved
	if err := json.Unmarshal(m.Value, &evt); err != nil {
		return nil
	}
	claimed, err := c.q.ClaimInboxMessage(ctx, pg.ClaimInboxMessageParams{Consumer: reviewRewardsConsumer, MessageKey: evt.EventID})
	if err != nil {
		return fmt.Errorf("review rewards: claim: %w", err)
	}
	if claimed == 0 {
		return nil
	}

	tx, err := c.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	qtx := c.q.WithTx(tx)
	if err := qtx.AddLoyaltyPoints(ctx, pg.AddLoyaltyPointsParams{UserID: evt.UserID, Points: c.points}); err != nil {
		return fmt.Errorf("review rewards: review %d: %w", evt.ReviewID, err)
	}
	return tx.Commit(ctx)
}
