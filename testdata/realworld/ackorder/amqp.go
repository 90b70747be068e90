package ackorder

import (
	"context"
	"database/sql"
	"log"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	amqp "github.com/rabbitmq/amqp091-go"
)

// Orders consumes order messages into PostgreSQL.
type Orders struct {
	pool *pgxpool.Pool
	db   *sql.DB
}

// AckBeforeCommit acks while the insert is still uncommitted.
func (o *Orders) AckBeforeCommit(ctx context.Context, d amqp.Delivery) error {
	tx, err := o.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO orders (id, body) VALUES ($1, $2)`, d.MessageId, d.Body); err != nil {
		return err
	}
	if err := d.Ack(false); err != nil { // want:ackorder
		return err
	}
	return tx.Commit(ctx)
}

// AckAfterCommit is its near miss.
func (o *Orders) AckAfterCommit(ctx context.Context, d amqp.Delivery) error {
	tx, err := o.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO orders (id, body) VALUES ($1, $2)`, d.MessageId, d.Body); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return d.Nack(false, true)
	}
	return d.Ack(false)
}

// InBeginFunc acks inside the callback, before BeginFunc commits.
func (o *Orders) InBeginFunc(ctx context.Context, ch *amqp.Channel, d amqp.Delivery) error {
	return pgx.BeginFunc(ctx, o.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `UPDATE stock SET qty = qty - 1 WHERE sku = $1`, string(d.Body)); err != nil { // want:redelivery (a redelivered message takes another unit)
			return err
		}
		return ch.Ack(d.DeliveryTag, false) // want:ackorder
	})
}

// RejectInBeginFunc is its near miss: Reject drops the message on purpose.
func (o *Orders) RejectInBeginFunc(ctx context.Context, d amqp.Delivery) error {
	return pgx.BeginFunc(ctx, o.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO poison (id) VALUES ($1)`, d.MessageId); err != nil {
			return err
		}
		return d.Reject(false)
	})
}

// CommitFailureLogged acks even when the commit fails.
func (o *Orders) CommitFailureLogged(ctx context.Context, d amqp.Delivery) {
	tx, err := o.db.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id) VALUES ($1)`, d.MessageId); err != nil {
		tx.Rollback()
		return
	}
	if err := tx.Commit(); err != nil {
		log.Print(err)
	}
	d.Ack(false) // want:ackorder
}

// CommitFailureReturns is its near miss.
func (o *Orders) CommitFailureReturns(ctx context.Context, d amqp.Delivery) {
	tx, err := o.db.BeginTx(ctx, nil)
	if err != nil {
		return
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id) VALUES ($1)`, d.MessageId); err != nil {
		tx.Rollback()
		return
	}
	if err := tx.Commit(); err != nil {
		log.Print(err)
		return
	}
	d.Ack(false)
}
