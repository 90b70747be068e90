// Package delivery deduplicates messages on transport handles that change
// on every redelivery, beside handlers that key on stable identities.
package delivery

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/aws/aws-sdk-go-v2/service/sqs/types"
	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/nats-io/nats.go/jetstream"
	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/redis/go-redis/v9"
)

func handle(body []byte) error { return nil }

func amqpSeenSet(msgs <-chan amqp.Delivery) {
	seen := map[uint64]bool{}
	for d := range msgs {
		if seen[d.DeliveryTag] { // want "the AMQP delivery tag is used as a deduplication key"
			d.Ack(false)
			continue
		}
		handle(d.Body)
		seen[d.DeliveryTag] = true
		d.Ack(false)
	}
}

// Near miss: the message id survives redelivery.
func amqpSeenMessageID(msgs <-chan amqp.Delivery) {
	seen := map[string]bool{}
	for d := range msgs {
		if seen[d.MessageId] {
			d.Ack(false)
			continue
		}
		handle(d.Body)
		seen[d.MessageId] = true
		d.Ack(false)
	}
}

// Near miss: deliveries kept by tag to ack them later are tracking, not
// deduplication.
func amqpPending(msgs <-chan amqp.Delivery, ch *amqp.Channel) {
	pending := map[uint64]amqp.Delivery{}
	for d := range msgs {
		if _, tracked := pending[d.DeliveryTag]; tracked {
			continue
		}
		pending[d.DeliveryTag] = d
		if len(pending) > 10 {
			for tag := range pending {
				ch.Ack(tag, false)
			}
			pending = map[uint64]amqp.Delivery{}
		}
	}
}

type Store struct {
	mu        sync.Mutex
	processed sync.Map
	db        *sql.DB
}

func (s *Store) amqpSyncMap(d amqp.Delivery) error {
	if _, dup := s.processed.LoadOrStore(d.DeliveryTag, struct{}{}); dup { // want "the AMQP delivery tag is used"
		return d.Ack(false)
	}
	return handle(d.Body)
}

func (s *Store) amqpTable(ctx context.Context, d amqp.Delivery) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO processed_messages (id) VALUES ($1) ON CONFLICT DO NOTHING`,
		strconv.FormatUint(d.DeliveryTag, 10)) // want "the AMQP delivery tag is used"
	return err
}

// Near miss: a table of deliveries for auditing is not a dedup table.
func (s *Store) amqpAudit(ctx context.Context, d amqp.Delivery) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO delivery_log (tag, at) VALUES ($1, $2)`, d.DeliveryTag, time.Now())
	return err
}

func sqsRedis(ctx context.Context, rdb *redis.Client, c *sqs.Client, m types.Message) error {
	ok, err := rdb.SetNX(ctx, "sqs:"+aws.ToString(m.ReceiptHandle), 1, time.Hour).Result() // want "the SQS receipt handle is used"
	if err != nil || !ok {
		return err
	}
	if err := handle([]byte(aws.ToString(m.Body))); err != nil {
		return err
	}
	_, err = c.DeleteMessage(ctx, &sqs.DeleteMessageInput{ReceiptHandle: m.ReceiptHandle})
	return err
}

// Near miss: the receipt handle is what DeleteMessage needs; the dedup key
// is the message id.
func sqsMessageID(ctx context.Context, rdb *redis.Client, c *sqs.Client, m types.Message) error {
	ok, err := rdb.SetNX(ctx, "sqs:"+*m.MessageId, 1, time.Hour).Result()
	if err != nil || !ok {
		return err
	}
	_, err = c.DeleteMessage(ctx, &sqs.DeleteMessageInput{ReceiptHandle: m.ReceiptHandle})
	return err
}

func jetStreamClaim(ctx context.Context, c *claim.Claimer, msg jetstream.Msg) error {
	meta, err := msg.Metadata()
	if err != nil {
		return err
	}
	key := claim.Key{Scope: "orders", Operation: "consume",
		Key: fmt.Sprintf("%s-%d", meta.Stream, meta.Sequence.Consumer)} // want "the JetStream consumer sequence is used"
	_, err = c.Do(ctx, key, msg.Data(), nil)
	return err
}

func jetStreamDelivered(seen map[string]bool, msg jetstream.Msg) {
	meta, _ := msg.Metadata()
	k := fmt.Sprint(msg.Subject(), meta.NumDelivered) // want "the JetStream delivery count is used"
	if _, ok := seen[k]; ok {
		return
	}
	seen[k] = true
}

// Near miss: the stream sequence identifies the message across
// redeliveries.
func jetStreamStable(ctx context.Context, c *claim.Claimer, msg jetstream.Msg) error {
	meta, err := msg.Metadata()
	if err != nil {
		return err
	}
	if meta.NumDelivered > 5 {
		return nil
	}
	key := claim.Key{Scope: "orders", Operation: "consume",
		Key: fmt.Sprintf("%s-%d", meta.Stream, meta.Sequence.Stream)}
	_, err = c.Do(ctx, key, msg.Data(), nil)
	return err
}
