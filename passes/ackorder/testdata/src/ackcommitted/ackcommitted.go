// Package ackcommitted acks messages whose effects a transaction already
// committed before the ack runs.
package ackcommitted

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	amqp "github.com/rabbitmq/amqp091-go"
)

func record(ctx context.Context, tx pgx.Tx, d amqp.Delivery) error {
	_, err := tx.Exec(ctx, `INSERT INTO events (id) VALUES ($1)`, d.MessageId)
	return err
}

// settle only acks: whoever calls it has committed the effects.
func settle(d amqp.Delivery) error { // want settle:"acks Delivery.Ack"
	return d.Ack(false)
}

// Near miss: BeginFunc committed the effects before settle acks.
func consume(ctx context.Context, pool *pgxpool.Pool, d amqp.Delivery) error { // want consume:"acks settle"
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return record(ctx, tx, d) }); err != nil {
		return err
	}
	return settle(d)
}

// Near miss: a second transaction acks with nothing to commit; the first,
// which holds the effects, was committed.
func consumeTwoTx(ctx context.Context, pool *pgxpool.Pool, d amqp.Delivery) error {
	if err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error { return record(ctx, tx, d) }); err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM events WHERE id = $1`, d.MessageId).Scan(&n); err != nil {
			return err
		}
		return d.Ack(false)
	})
}

// process is the handler: the caller committed its transaction, which
// holds the message's effects, and hands it the outcome.
func process(ctx context.Context, committed bool, d amqp.Delivery) error { // want process:"acks Delivery.Ack"
	if !committed {
		return d.Nack(false, true)
	}
	return d.Ack(false)
}

// Near miss: the commit returned nil before the handler ran.
func consumeThenProcess(ctx context.Context, pool *pgxpool.Pool, d amqp.Delivery) error { // want consumeThenProcess:"acks process"
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := record(ctx, tx, d); err != nil {
		return err
	}
	err = tx.Commit(ctx)
	return process(ctx, err == nil, d)
}

// The same handler called before the commit.
func consumeProcessFirst(ctx context.Context, pool *pgxpool.Pool, d amqp.Delivery) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := record(ctx, tx, d); err != nil {
		return err
	}
	if err := process(ctx, true, d); err != nil { // want `process acknowledges the message before the transaction recording its effects commits at line 82`
		return err
	}
	return tx.Commit(ctx)
}

// commitTx commits the transaction it is given: to its callers, a commit.
func commitTx(ctx context.Context, tx pgx.Tx) error { return tx.Commit(ctx) }

// Near miss: the handler commits the caller's transaction through a
// helper before it acks.
func handleAndCommit(ctx context.Context, tx pgx.Tx, d amqp.Delivery) error { // want handleAndCommit:"acks Delivery.Ack"
	if err := record(ctx, tx, d); err != nil {
		return err
	}
	if err := commitTx(ctx, tx); err != nil {
		return err
	}
	return d.Ack(false)
}

// The same handler acking before the helper commits.
func handleAckFirst(ctx context.Context, tx pgx.Tx, d amqp.Delivery) error {
	if err := record(ctx, tx, d); err != nil {
		return err
	}
	if err := d.Ack(false); err != nil { // want `message acknowledged while the caller's transaction holding its effects is still open`
		return err
	}
	return commitTx(ctx, tx)
}

// Near miss: its own transaction, committed through the helper, then the
// ack.
func consumeHelperCommit(ctx context.Context, pool *pgxpool.Pool, d amqp.Delivery) error { // want consumeHelperCommit:"acks Delivery.Ack"
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := record(ctx, tx, d); err != nil {
		return err
	}
	if err := commitTx(ctx, tx); err != nil {
		return err
	}
	return d.Ack(false)
}

// The ack before the helper's commit.
func consumeAckBeforeHelperCommit(ctx context.Context, pool *pgxpool.Pool, d amqp.Delivery) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := record(ctx, tx, d); err != nil {
		return err
	}
	if err := d.Ack(false); err != nil { // want `message acknowledged before the transaction recording its effects commits at line 141`
		return err
	}
	return commitTx(ctx, tx)
}

// A chain of helpers, each acking through the next: deeper than the four
// rounds the package's fixed point used to stop at.
func ack1(d amqp.Delivery) error { return d.Ack(false) } // want ack1:"acks Delivery.Ack"
func ack2(d amqp.Delivery) error { return ack1(d) }      // want ack2:"acks ack1"
func ack3(d amqp.Delivery) error { return ack2(d) }      // want ack3:"acks ack2"
func ack4(d amqp.Delivery) error { return ack3(d) }      // want ack4:"acks ack3"
func ack5(d amqp.Delivery) error { return ack4(d) }      // want ack5:"acks ack4"

// The fifth helper of the chain, called before the commit.
func consumeDeepAckFirst(ctx context.Context, pool *pgxpool.Pool, d amqp.Delivery) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := record(ctx, tx, d); err != nil {
		return err
	}
	if err := ack5(d); err != nil { // want `ack5 acknowledges the message before the transaction recording its effects commits at line 165`
		return err
	}
	return tx.Commit(ctx)
}

// Near miss: the same chain after the commit.
func consumeDeepAckAfter(ctx context.Context, pool *pgxpool.Pool, d amqp.Delivery) error { // want consumeDeepAckAfter:"acks ack5"
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := record(ctx, tx, d); err != nil {
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	return ack5(d)
}
