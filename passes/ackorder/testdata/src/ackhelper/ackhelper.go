// Package ackhelper acks messages for other packages.
package ackhelper

import (
	"context"

	"github.com/jackc/pgx/v5"
	amqp "github.com/rabbitmq/amqp091-go"
)

// Done acks d.
func Done(d amqp.Delivery) error { // want Done:"acks Delivery.Ack"
	return d.Ack(false)
}

// Settle acks through Done.
func Settle(d amqp.Delivery) error { // want Settle:"acks Done"
	return Done(d)
}

// Record writes on the caller's transaction and acks before the caller
// can commit it.
func Record(ctx context.Context, tx pgx.Tx, d amqp.Delivery) error {
	if _, err := tx.Exec(ctx, `INSERT INTO events (id) VALUES ($1)`, d.MessageId); err != nil {
		return err
	}
	return d.Ack(false) // want `message acknowledged while the caller's transaction holding its effects is still open`
}

// Lookup reads on the caller's transaction and acks: nothing uncommitted.
func Lookup(ctx context.Context, tx pgx.Tx, d amqp.Delivery) error { // want Lookup:"acks Delivery.Ack"
	var n int
	tx.QueryRow(ctx, `SELECT count(*) FROM events WHERE id = $1`, d.MessageId).Scan(&n)
	return d.Ack(false)
}
