package consumer

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/redis/go-redis/v9"

	"example.com/shop4/internal/clients/queue"
)

type PointsStore interface {
	AddPoints(ctx context.Context, userID, points int64) error
}

type orderDelivered struct {
	EventID    string `json:"event_id"`
	OrderID    int64  `json:"order_id"`
	UserID     int64  `json:"user_id"`
	TotalCents int64  `json:"total_cents"`
}

// Loyalty pays loyalty points when an order is delivered.
type Loyalty struct {
	rdb    *redis.Client
	points PointsStore
}

func NewLoyalty(rdb *redis.Client, points PointsStore) *Loyalty {
	return &Loyalty{rdb: rdb, points: points}
}

func (c *Loyalty) Handle(ctx context.Context, d queue.Delivery) error {
	var ev orderDelivered
	if err := decode(d, &ev); err != nil {
		return d.Ack(ctx)
	}
	seenKey := "consumer:loyalty:seen:" + ev.EventID
	n, err := c.rdb.Exists(ctx, seenKey).Result()
	if err != nil {
		return err
	}
	if n > 0 {
		return d.Ack(ctx)
	}
	if err := c.points.AddPoints(ctx, ev.UserID, ev.TotalCents/100); err != nil {
		return err
	}
	if err := c.rdb.Set(ctx, seenKey, 1, 14*24*time.Hour).Err(); err != nil {
		return err
	}
	return d.Ack(ctx)
}

type firstOrderPaid struct {
	EventID string `json:"event_id"`
	UserID  int64  `json:"user_id"`
}

const referralRewardPoints = 500

// ReferralReward pays the referrer when the referee's first order is paid.
type ReferralReward struct {
	pool *pgxpool.Pool
}

func NewReferralReward(pool *pgxpool.Pool) *ReferralReward { return &ReferralReward{pool: pool} }

func (c *ReferralReward) Handle(ctx context.Context, d queue.Delivery) error {
	var ev firstOrderPaid
	if err := decode(d, &ev); err != nil {
		return d.Ack(ctx)
	}
	err := pgx.BeginFunc(ctx, c.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx,
			`INSERT INTO consumer_inbox (consumer, message_id) VALUES ('referral-reward', $1)
			 ON CONFLICT (consumer, message_id) DO NOTHING`, ev.EventID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		_, err = tx.Exec(ctx,
			`UPDATE users SET points = points + $2
			  WHERE id = (SELECT referrer_id FROM referrals WHERE referee_id = $1)`,
			ev.UserID, referralRewardPoints)
		return err
	})
	if err != nil {
		return err
	}
	return d.Ack(ctx)
}
