// Package consumer holds the message consumers: the loyalty consumer on
// Kafka (sarama consumer group) and the back-office queues on RabbitMQ.
package consumer

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/IBM/sarama"

	"example.com/shop3/internal/domain"
	"example.com/shop3/internal/store/pgstore"
)

const loyaltyConsumer = "loyalty"

// Loyalty credits and revokes points for order events. Offsets are marked
// after handling and committed every second, so a rebalance or a crash
// hands the last second's messages to the next member again.
type Loyalty struct {
	Store  *pgstore.Store
	Orders pgstore.OrderRepo
	Log    *slog.Logger
}

func (l *Loyalty) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (l *Loyalty) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (l *Loyalty) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case <-sess.Context().Done():
			return nil
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			var ev domain.OrderEvent
			if err := json.Unmarshal(msg.Value, &ev); err != nil {
				l.Log.Warn("skipping malformed event", "topic", msg.Topic, "offset", msg.Offset)
				sess.MarkMessage(msg, "")
				continue
			}
			var err error
			switch ev.Type {
			case "order.paid":
				err = l.award(sess.Context(), ev)
			case "order.refunded":
				err = l.revoke(sess.Context(), ev)
			}
			if err != nil {
				return err
			}
			sess.MarkMessage(msg, "")
		}
	}
}

func (l *Loyalty) award(ctx context.Context, ev domain.OrderEvent) error {
	return l.Orders.AddPoints(ctx, ev.UserID, ev.Points)
}

func (l *Loyalty) revoke(ctx context.Context, ev domain.OrderEvent) error {
	tx, err := l.Store.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	first, err := pgstore.ClaimTx(ctx, tx, loyaltyConsumer, ev.EventID)
	if err != nil {
		return err
	}
	if first {
		if err := pgstore.AddPointsTx(ctx, tx, ev.UserID, -ev.Points); err != nil {
			return err
		}
	}
	return tx.Commit(ctx)
}

// RunLoyalty joins the consumer group until ctx ends.
func RunLoyalty(ctx context.Context, brokers []string, h *Loyalty) error {
	cfg := sarama.NewConfig()
	cfg.Version = sarama.V3_6_0_0
	cfg.Consumer.Offsets.Initial = sarama.OffsetOldest
	cfg.Consumer.Offsets.AutoCommit.Enable = true
	group, err := sarama.NewConsumerGroup(brokers, "shop-loyalty", cfg)
	if err != nil {
		return err
	}
	defer group.Close()
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"orders"}, h); err != nil {
			h.Log.Error("consume", "err", err)
		}
	}
	return nil
}
