// Package brokers covers the other messaging libraries.
package brokers

import (
	"context"
	"database/sql"

	iapubsub "cloud.google.com/go/pubsub"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/segmentio/kafka-go"
)

func write(ctx context.Context, db *sql.DB, id string, ack func()) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, `INSERT INTO events (id) VALUES ($1)`, id)
	return tx.Commit()
}

func JetStream(ctx context.Context, db *sql.DB, m jetstream.Msg) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, `INSERT INTO events (id) VALUES ($1)`, m.Subject())
	if err := m.DoubleAck(ctx); err != nil { // want `message acknowledged before`
		return err
	}
	m.InProgress()
	return tx.Commit()
}

func JetStreamAfter(ctx context.Context, db *sql.DB, m jetstream.Msg) error { // want JetStreamAfter:"acks Msg.Ack"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, `INSERT INTO events (id) VALUES ($1)`, m.Subject())
	if err := tx.Commit(); err != nil {
		return m.Nak()
	}
	return m.Ack()
}

func Kafka(ctx context.Context, db *sql.DB, r *kafka.Reader, m kafka.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, `INSERT INTO events (id) VALUES ($1)`, string(m.Key))
	r.CommitMessages(ctx, m) // want `message acknowledged before`
	return tx.Commit()
}

func SQS(ctx context.Context, db *sql.DB, c *sqs.Client, in *sqs.DeleteMessageInput) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, `INSERT INTO events (id) VALUES ($1)`, *in.ReceiptHandle)
	c.DeleteMessage(ctx, in) // want `message acknowledged before`
	return tx.Commit()
}

func Watermill(ctx context.Context, db *sql.DB, m *message.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, `INSERT INTO events (id) VALUES ($1)`, m.UUID)
	m.Ack() // want `message acknowledged before`
	return tx.Commit()
}

func PubSub(ctx context.Context, db *sql.DB, m *iapubsub.Message) error { // want PubSub:"acks Message.Ack"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, `INSERT INTO events (id) VALUES ($1)`, m.ID)
	if err := tx.Commit(); err != nil {
		m.Nack()
		return err
	}
	m.Ack()
	return nil
}

func PubSubEarly(ctx context.Context, db *sql.DB, m *iapubsub.Message) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	tx.ExecContext(ctx, `INSERT INTO events (id) VALUES ($1)`, m.ID)
	m.Ack() // want `message acknowledged before`
	return tx.Commit()
}
