// Package amqpack holds database/sql consumers of amqp091 deliveries.
package amqpack

import (
	"context"
	"database/sql"
	"log"

	amqp "github.com/rabbitmq/amqp091-go"
)

// AckBeforeCommit acks while the insert is uncommitted.
func AckBeforeCommit(ctx context.Context, db *sql.DB, d amqp.Delivery) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id, body) VALUES ($1, $2)`, d.MessageId, d.Body); err != nil {
		return err
	}
	d.Ack(false) // want `message acknowledged before the transaction recording its effects commits at line 23`
	if err := tx.Commit(); err != nil {
		return err
	}
	return nil
}

// AckAfterCommit is the near miss: the ack follows the commit's check.
func AckAfterCommit(ctx context.Context, db *sql.DB, d amqp.Delivery) error { // want AckAfterCommit:"acks Delivery.Ack"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id, body) VALUES ($1, $2)`, d.MessageId, d.Body); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return d.Ack(false)
}

// ReturnCommit acks, then returns the commit's error.
func ReturnCommit(ctx context.Context, db *sql.DB, ch *amqp.Channel, d amqp.Delivery) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + $1 WHERE id = $2`, 10, d.MessageId); err != nil {
		tx.Rollback()
		return err
	}
	_ = ch.Ack(d.DeliveryTag, false) // want `message acknowledged before the transaction recording its effects commits at line 56`
	return tx.Commit()
}

// AssignedCommit checks the commit's error in the next statement.
func AssignedCommit(ctx context.Context, db *sql.DB, d amqp.Delivery) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id) VALUES ($1)`, d.MessageId); err != nil {
		return err
	}
	if err := d.Acknowledger.Ack(d.DeliveryTag, false); err != nil { // want `message acknowledged before`
		return err
	}
	err = tx.Commit()
	if err != nil {
		return err
	}
	return nil
}

// CommitFailureLogged acks even when the commit fails.
func CommitFailureLogged(ctx context.Context, db *sql.DB, d amqp.Delivery) {
	tx, _ := db.BeginTx(ctx, nil)
	tx.ExecContext(ctx, `INSERT INTO orders (id) VALUES ($1)`, d.MessageId)
	if err := tx.Commit(); err != nil {
		log.Print(err)
	}
	d.Ack(false) // want `message acknowledged even when the commit at line 82 fails`
}

// CommitFailureReturns is the near miss: the failure path returns.
func CommitFailureReturns(ctx context.Context, db *sql.DB, d amqp.Delivery) { // want CommitFailureReturns:"acks Delivery.Ack"
	tx, _ := db.BeginTx(ctx, nil)
	tx.ExecContext(ctx, `INSERT INTO orders (id) VALUES ($1)`, d.MessageId)
	if err := tx.Commit(); err != nil {
		log.Print(err)
		d.Nack(false, true)
		return
	}
	d.Ack(false)
}

// CommitErrorDiscarded never looks at the commit's error.
func CommitErrorDiscarded(ctx context.Context, db *sql.DB, d amqp.Delivery) {
	tx, _ := db.BeginTx(ctx, nil)
	tx.ExecContext(ctx, `INSERT INTO orders (id) VALUES ($1)`, d.MessageId)
	tx.Commit()
	d.Ack(false) // want `message acknowledged even when the commit at line 104 fails`
}

// DuplicateSkipped acks a duplicate after rolling back: nothing to lose.
func DuplicateSkipped(ctx context.Context, db *sql.DB, d amqp.Delivery) error { // want DuplicateSkipped:"acks Delivery.Ack"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `INSERT INTO inbox (message_id) VALUES ($1) ON CONFLICT DO NOTHING`, d.MessageId)
	if err != nil {
		tx.Rollback()
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		tx.Rollback()
		return d.Ack(false)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO orders (id) VALUES ($1)`, d.MessageId); err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return d.Ack(false)
}

// NackBeforeCommit is a near miss: Nack and Reject redeliver or drop on purpose.
func NackBeforeCommit(ctx context.Context, db *sql.DB, d amqp.Delivery) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, `INSERT INTO poison (id) VALUES ($1)`, d.MessageId)
	d.Reject(false)
	return tx.Commit()
}

// ReadOnlyTx acks inside a transaction that writes nothing.
func ReadOnlyTx(ctx context.Context, db *sql.DB, d amqp.Delivery) error { // want ReadOnlyTx:"acks Delivery.Ack"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	var n int
	tx.QueryRowContext(ctx, `SELECT count(*) FROM orders WHERE id = $1`, d.MessageId).Scan(&n)
	d.Ack(false)
	return tx.Commit()
}

// ConsumeLoop commits each message's transaction before acking it; the
// ack does not precede the next iteration's commit.
func ConsumeLoop(ctx context.Context, db *sql.DB, deliveries <-chan amqp.Delivery) error { // want ConsumeLoop:"acks Delivery.Ack"
	for d := range deliveries {
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		tx.ExecContext(ctx, `INSERT INTO orders (id) VALUES ($1)`, d.MessageId)
		if err := tx.Commit(); err != nil {
			continue
		}
		d.Ack(false)
	}
	return nil
}
