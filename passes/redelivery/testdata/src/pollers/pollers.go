// Package pollers receives from brokers through interfaces and helpers of
// its own, as code that fakes the broker's client in its tests does: a
// loop over what they hand on from ReceiveMessage or FetchMessage handles
// one delivery per iteration. Messages the program builds itself to
// publish are no deliveries.
package pollers

import (
	"context"
	"database/sql"
	"encoding/json"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/segmentio/kafka-go"
)

type Reservation struct {
	Item     int64
	Quantity int64
	Stock    int64
	Version  int64
}

// SQSAPI is the part of the SQS client the pollers use.
type SQSAPI interface {
	ReceiveMessage(ctx context.Context, params *sqs.ReceiveMessageInput, optFns ...func(*sqs.Options)) (*sqs.ReceiveMessageOutput, error)
	DeleteMessage(ctx context.Context, params *sqs.DeleteMessageInput, optFns ...func(*sqs.Options)) (*sqs.DeleteMessageOutput, error)
}

func receive(ctx context.Context, api SQSAPI, url string) ([]types.Message, error) {
	out, err := api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(url), MaxNumberOfMessages: 10})
	if err != nil {
		return nil, err
	}
	return out.Messages, nil
}

func remove(ctx context.Context, api SQSAPI, url string, m types.Message) {
	_, _ = api.DeleteMessage(ctx, &sqs.DeleteMessageInput{QueueUrl: aws.String(url), ReceiptHandle: m.ReceiptHandle})
}

type Poller struct {
	api SQSAPI
	url string
	db  *sql.DB
}

// A loop over the messages receive hands on: the stock is reserved again
// when the message comes back after its visibility timeout.
func (p *Poller) Reserve(ctx context.Context) {
	for ctx.Err() == nil {
		msgs, err := receive(ctx, p.api, p.url)
		if err != nil {
			continue
		}
		for _, m := range msgs {
			var r Reservation
			if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &r); err != nil {
				remove(ctx, p.api, p.url, m)
				continue
			}
			if _, err := p.db.ExecContext(ctx, `UPDATE inventory SET reserved = reserved + $1 WHERE item_id = $2`, r.Quantity, r.Item); err != nil { // want `a relative update .* SQS delivers a message again when its visibility timeout expires`
				continue
			}
			remove(ctx, p.api, p.url, m)
		}
	}
}

// Near miss: the same loop sets the stock level of a newer snapshot; a
// redelivery matches no row.
func (p *Poller) SyncStock(ctx context.Context) {
	for ctx.Err() == nil {
		msgs, err := receive(ctx, p.api, p.url)
		if err != nil {
			continue
		}
		for _, m := range msgs {
			var r Reservation
			if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &r); err != nil {
				continue
			}
			if _, err := p.db.ExecContext(ctx, `UPDATE inventory SET stock = $1, version = $2 WHERE item_id = $3 AND version < $2`, r.Stock, r.Version, r.Item); err != nil {
				continue
			}
			remove(ctx, p.api, p.url, m)
		}
	}
}

// The row is picked by a column the update leaves alone (sku is no key by
// name): a redelivery matches it again and reserves again.
func (p *Poller) ReserveBySKU(ctx context.Context, m types.Message) error {
	var r Reservation
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &r); err != nil {
		return err
	}
	if _, err := p.db.ExecContext(ctx, `UPDATE inventory SET reserved = reserved + $1 WHERE sku = $2`, r.Quantity, r.Item); err != nil { // want `a relative update .* SQS delivers a message again`
		return err
	}
	remove(ctx, p.api, p.url, m)
	return nil
}

// Near miss: the WHERE tests the state the SET moves on from; a
// redelivery finds the row reserved already and changes nothing.
func (p *Poller) ReserveOnce(ctx context.Context, m types.Message) error {
	var r Reservation
	if err := json.Unmarshal([]byte(aws.ToString(m.Body)), &r); err != nil {
		return err
	}
	if _, err := p.db.ExecContext(ctx, `UPDATE inventory SET reserved = reserved + $1, state = 'held' WHERE sku = $2 AND state = 'free'`, r.Quantity, r.Item); err != nil {
		return err
	}
	remove(ctx, p.api, p.url, m)
	return nil
}

// ReceiveMessage called through the interface, in the loop itself.
func (p *Poller) Release(ctx context.Context) {
	out, err := p.api.ReceiveMessage(ctx, &sqs.ReceiveMessageInput{QueueUrl: aws.String(p.url)})
	if err != nil {
		return
	}
	for _, m := range out.Messages {
		var r Reservation
		_ = json.Unmarshal([]byte(aws.ToString(m.Body)), &r)
		_, _ = p.db.ExecContext(ctx, `UPDATE inventory SET reserved = reserved - $1 WHERE item_id = $2`, r.Quantity, r.Item) // want `a relative update .* SQS delivers a message again`
		remove(ctx, p.api, p.url, m)
	}
}

// fetcher is the part of kafka-go's Reader the counter uses.
type fetcher interface {
	FetchMessage(ctx context.Context) (kafka.Message, error)
	CommitMessages(ctx context.Context, msgs ...kafka.Message) error
}

type View struct{ Page int64 }

// FetchMessage through the interface: a view is counted again after a
// rebalance hands the uncommitted message to another consumer.
func (p *Poller) CountViews(ctx context.Context, r fetcher) error {
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		var v View
		_ = json.Unmarshal(m.Value, &v)
		_, _ = p.db.ExecContext(ctx, `UPDATE pages SET views = views + 1 WHERE page_id = $1`, v.Page) // want `a relative update .* Kafka hands a consumer group`
		_ = r.CommitMessages(ctx, m)
	}
}

// outboxSource is the program's own store of events waiting to be
// published, as Kafka messages.
type outboxSource interface {
	Pending(ctx context.Context) ([]kafka.Message, error)
}

// Near miss: the relay publishes what its outbox holds; no broker
// delivered these messages, and each attempt is meant to count.
func (p *Poller) Relay(ctx context.Context, src outboxSource, w *kafka.Writer) error {
	msgs, err := src.Pending(ctx)
	if err != nil {
		return err
	}
	for _, m := range msgs {
		_, _ = p.db.ExecContext(ctx, `UPDATE outbox SET attempts = attempts + 1 WHERE event_id = $1`, string(m.Key))
	}
	return w.WriteMessages(ctx, msgs...)
}

// pending builds the messages of the outbox's unsent rows.
func (p *Poller) pending(ctx context.Context) ([]kafka.Message, error) {
	rows, err := p.db.QueryContext(ctx, `SELECT event_id, payload FROM outbox WHERE sent_at IS NULL`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var msgs []kafka.Message
	for rows.Next() {
		var key, value []byte
		if err := rows.Scan(&key, &value); err != nil {
			return nil, err
		}
		msgs = append(msgs, kafka.Message{Key: key, Value: value})
	}
	return msgs, rows.Err()
}

// Near miss: the same relay over messages a helper of its own builds.
func (p *Poller) RelayOwn(ctx context.Context, w *kafka.Writer) error {
	msgs, err := p.pending(ctx)
	if err != nil {
		return err
	}
	for _, m := range msgs {
		_, _ = p.db.ExecContext(ctx, `UPDATE outbox SET attempts = attempts + 1 WHERE event_id = $1`, string(m.Key))
	}
	return w.WriteMessages(ctx, msgs...)
}

// channel is the part of amqp091's Channel the tallies use.
type channel interface {
	Consume(queue, consumer string, autoAck, exclusive, noLocal, noWait bool, args amqp.Table) (<-chan amqp.Delivery, error)
}

type Click struct{ Ad int64 }

// Consume through the interface, acked by hand: a delivery the consumer
// did not ack before its channel closed is tallied again.
func (p *Poller) TallyAcked(ctx context.Context, ch channel) error {
	deliveries, err := ch.Consume("clicks", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range deliveries {
		var c Click
		_ = json.Unmarshal(d.Body, &c)
		_, _ = p.db.ExecContext(ctx, `UPDATE ads SET clicks = clicks + 1 WHERE ad_id = $1`, c.Ad) // want `a relative update .* RabbitMQ redelivers`
		_ = d.Ack(false)
	}
	return nil
}

// Near miss: through the same interface, an auto-ack consumer, which the
// broker never delivers a message to again.
func (p *Poller) TallyAutoAck(ctx context.Context, ch channel) error {
	deliveries, err := ch.Consume("clicks", "", true, false, false, false, nil)
	if err != nil {
		return err
	}
	for d := range deliveries {
		var c Click
		_ = json.Unmarshal(d.Body, &c)
		_, _ = p.db.ExecContext(ctx, `UPDATE ads SET clicks = clicks + 1 WHERE ad_id = $1`, c.Ad)
	}
	return nil
}
