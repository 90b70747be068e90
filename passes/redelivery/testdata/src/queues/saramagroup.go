package queues

import (
	"context"
	"encoding/json"

	"github.com/IBM/sarama"
)

type PointsEvent struct {
	EventID string
	UserID  int64
	Points  int64
}

// A sarama consumer group's claim loop: each message arrives in a select
// beside the session's end, and offsets are committed after the work, so
// a rebalance hands the last messages to the next member again.
type Loyalty struct{ w *Wallets }

func (l *Loyalty) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, done <-chan struct{}) error {
	for {
		select {
		case <-done:
			return nil
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			var ev PointsEvent
			_ = json.Unmarshal(msg.Value, &ev)
			if err := l.award(context.Background(), ev); err != nil { // want `award, which adds a row or adds to a value on every run, runs again for every delivery of the message: Kafka hands a consumer group`
				return err
			}
			sess.MarkMessage(msg, "")
		}
	}
}

func (l *Loyalty) award(ctx context.Context, ev PointsEvent) error {
	_, err := l.w.db.ExecContext(ctx, `UPDATE users SET points = points + $1 WHERE id = $2`, ev.Points, ev.UserID)
	return err
}

// Near miss: the event is recorded under its id in the transaction that
// awards, and awarded only when the record is new.
func (l *Loyalty) ConsumeClaimOnce(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim, done <-chan struct{}) error {
	for {
		select {
		case <-done:
			return nil
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			var ev PointsEvent
			_ = json.Unmarshal(msg.Value, &ev)
			if err := l.awardOnce(context.Background(), ev); err != nil {
				return err
			}
			sess.MarkMessage(msg, "")
		}
	}
}

func (l *Loyalty) awardOnce(ctx context.Context, ev PointsEvent) error {
	tx, err := l.w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO processed_events (id) VALUES ($1) ON CONFLICT DO NOTHING`, ev.EventID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE users SET points = points + $1 WHERE id = $2`, ev.Points, ev.UserID); err != nil {
		return err
	}
	return tx.Commit()
}
