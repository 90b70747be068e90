package runtimework

import (
	"context"

	"github.com/idemvet/idemvet/runtime/inbox"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	amqp "github.com/rabbitmq/amqp091-go"
)

type Consumer struct {
	in   *inbox.Inbox
	pool *pgxpool.Pool
}

// The handler acks inside the inbox's transaction, and writes on the pool.
func (c *Consumer) HandleSelfAck(ctx context.Context, d amqp.Delivery) error {
	_, err := c.in.Process(ctx, inbox.Message{ID: d.MessageId, Body: d.Body}, func(ctx context.Context, tx pgx.Tx, msg inbox.Message) error {
		if _, err := c.pool.Exec(ctx, `UPDATE wallets SET balance = balance + 1`); err != nil { // want `a write inside the handler given to the inbox's Process runs on the pool c.pool`
			return err
		}
		return d.Ack(false) // want `the handler given to the inbox's Process acknowledges the message itself`
	})
	return err
}

// Near miss: the handler writes on tx; the ack follows Process.
func (c *Consumer) HandleThenAck(ctx context.Context, d amqp.Delivery) error {
	if _, err := c.in.Process(ctx, inbox.Message{ID: d.MessageId, Body: d.Body}, func(ctx context.Context, tx pgx.Tx, msg inbox.Message) error {
		_, err := tx.Exec(ctx, `UPDATE wallets SET balance = balance + 1`)
		return err
	}); err != nil {
		return d.Nack(false, true)
	}
	return d.Ack(false)
}
