package redelivery

import (
	"context"
	"encoding/json"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/redis/go-redis/v9"
)

// Credit is a payment event.
type Credit struct {
	ID      string `json:"id"`
	Account string `json:"account"`
	Amount  int64  `json:"amount"`
}

// Wallets applies credits from RabbitMQ with pgx.
type Wallets struct {
	pool *pgxpool.Pool
	rdb  *redis.Client
}

// Apply adds the amount once per delivery.
func (w *Wallets) Apply(ctx context.Context, d amqp.Delivery) error {
	var c Credit
	if err := json.Unmarshal(d.Body, &c); err != nil {
		return err
	}
	_, err := w.pool.Exec(ctx, `UPDATE wallets SET balance = balance + $1 WHERE id = $2`, c.Amount, c.Account) // want:redelivery
	return err
}

// ApplyOnce claims the message id in the transaction of the credit first.
func (w *Wallets) ApplyOnce(ctx context.Context, d amqp.Delivery) error {
	var c Credit
	if err := json.Unmarshal(d.Body, &c); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, w.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO processed (id) VALUES ($1) ON CONFLICT DO NOTHING`, d.MessageId)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		_, err = tx.Exec(ctx, `UPDATE wallets SET balance = balance + $1 WHERE id = $2`, c.Amount, c.Account)
		return err
	})
}

// Record inserts a ledger row under a fresh uuid per delivery.
func (w *Wallets) Record(ctx context.Context, d amqp.Delivery) error {
	var c Credit
	if err := json.Unmarshal(d.Body, &c); err != nil {
		return err
	}
	_, err := w.pool.Exec(ctx, `INSERT INTO ledger (id, account, amount) VALUES ($1, $2, $3)`, uuid.New(), c.Account, c.Amount) // want:redelivery
	return err
}

// RecordKeyed keys the row by the credit's own id.
func (w *Wallets) RecordKeyed(ctx context.Context, d amqp.Delivery) error {
	var c Credit
	if err := json.Unmarshal(d.Body, &c); err != nil {
		return err
	}
	_, err := w.pool.Exec(ctx, `INSERT INTO ledger (id, account, amount) VALUES ($1, $2, $3)`, c.ID, c.Account, c.Amount)
	return err
}

// Count counts deliveries in redis.
func (w *Wallets) Count(ctx context.Context, d amqp.Delivery) error {
	return w.rdb.HIncrBy(ctx, "credits", d.RoutingKey, 1).Err() // want:redelivery
}

// CountOnce counts a message only for the delivery that marks it first.
func (w *Wallets) CountOnce(ctx context.Context, d amqp.Delivery) error {
	first, err := w.rdb.SetNX(ctx, "credit:"+d.MessageId, 1, 0).Result()
	if err != nil || !first {
		return err
	}
	return w.rdb.HIncrBy(ctx, "credits", d.RoutingKey, 1).Err()
}
