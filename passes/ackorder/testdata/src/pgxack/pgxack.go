// Package pgxack holds pgx consumers.
package pgxack

import (
	"ackhelper"
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	amqp "github.com/rabbitmq/amqp091-go"
)

// InBeginFunc acks inside the callback, before BeginFunc commits.
func InBeginFunc(ctx context.Context, pool *pgxpool.Pool, d amqp.Delivery) error {
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, d.MessageId); err != nil {
			return err
		}
		d.Ack(false) // want `message acknowledged inside the transaction callback, which commits only when it returns \(line 15\)`
		return nil
	})
	if err != nil {
		return err
	}
	return nil
}

// ReturnBeginFunc returns BeginFunc's error after acking inside it.
func ReturnBeginFunc(ctx context.Context, pool *pgxpool.Pool, d amqp.Delivery) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, d.MessageId); err != nil {
			return err
		}
		d.Ack(false) // want `inside the transaction callback`
		return nil
	})
}

// AfterBeginFunc is the near miss: the ack follows the commit.
func AfterBeginFunc(ctx context.Context, pool *pgxpool.Pool, d amqp.Delivery) error { // want AfterBeginFunc:"acks Delivery.Ack"
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, d.MessageId)
		return err
	})
	if err != nil {
		return err
	}
	return d.Ack(false)
}

// HelperBeforeCommit calls a helper of another package that acks.
func HelperBeforeCommit(ctx context.Context, pool *pgxpool.Pool, d amqp.Delivery) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, d.MessageId); err != nil {
		return err
	}
	if err := ackhelper.Settle(d); err != nil { // want `Settle acknowledges the message before the transaction recording its effects commits`
		return err
	}
	return tx.Commit(ctx)
}

// HelperAfterCommit is the near miss.
func HelperAfterCommit(ctx context.Context, pool *pgxpool.Pool, d amqp.Delivery) error { // want HelperAfterCommit:"acks Done"
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, d.MessageId); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	return ackhelper.Done(d)
}

// RecordThenCommit calls a helper that acks on its own; that helper is
// reported, not this call.
func RecordThenCommit(ctx context.Context, pool *pgxpool.Pool, d amqp.Delivery) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := ackhelper.Record(ctx, tx, d); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// handle is a local helper that acks.
func handle(d amqp.Delivery) { d.Ack(false) } // want handle:"acks Delivery.Ack"

// LocalHelper calls it before the commit.
func LocalHelper(ctx context.Context, pool *pgxpool.Pool, d amqp.Delivery) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, d.MessageId)
	handle(d) // want `handle acknowledges the message before`
	return tx.Commit(ctx)
}
