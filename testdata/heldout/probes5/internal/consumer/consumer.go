// Package consumer runs the background message consumers. Inbound e-mail
// replies, usage and on-call alerts arrive on NATS JetStream; payment and
// order events arrive on the order-events log through the Bus abstraction.
// Both deliver at least once.
package consumer

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Message is a record from the order-events log.
type Message interface {
	Topic() string
	Key() []byte
	Value() []byte
	Offset() int64
	// Commit marks this record and everything before it processed for the
	// consumer group.
	Commit(ctx context.Context) error
}

// Handler processes one record.
type Handler func(ctx context.Context, m Message) error

// Subscriber is implemented by the log client.
type Subscriber interface {
	Subscribe(ctx context.Context, group string, topics []string, h Handler) error
}

// JetStreamRunner starts a durable pull consumer and feeds a handler.
type JetStreamRunner struct {
	JS  jetstream.JetStream
	Log *slog.Logger
}

func (r JetStreamRunner) Run(ctx context.Context, stream, durable, subject string, handle jetstream.MessageHandler) (jetstream.ConsumeContext, error) {
	cons, err := r.JS.CreateOrUpdateConsumer(ctx, stream, jetstream.ConsumerConfig{
		Durable:       durable,
		FilterSubject: subject,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       30 * time.Second,
		MaxDeliver:    10,
	})
	if err != nil {
		return nil, fmt.Errorf("consumer %s: %w", durable, err)
	}
	return cons.Consume(handle)
}

func decode(msg jetstream.Msg, v any, log *slog.Logger) bool {
	if err := json.Unmarshal(msg.Data(), v); err != nil {
		log.Error("undecodable message, terminating", "subject", msg.Subject(), "err", err)
		_ = msg.Term()
		return false
	}
	return true
}

func retryLater(msg jetstream.Msg, log *slog.Logger, err error) {
	log.Warn("message failed, will be redelivered", "subject", msg.Subject(), "err", err)
	_ = msg.NakWithDelay(10 * time.Second)
}
