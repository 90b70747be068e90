// Package queue is a small work queue on Redis streams with consumer groups.
// Messages that are not acknowledged are claimed again by another consumer
// after the visibility timeout, so handlers see redeliveries.
package queue

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/redis/go-redis/v9"
)

type Publisher interface {
	Publish(ctx context.Context, topic string, body []byte) error
}

type Delivery struct {
	ID    string
	Topic string
	Body  []byte

	rdb   *redis.Client
	group string
}

// Ack removes the message from the group's pending list.
func (d Delivery) Ack(ctx context.Context) error {
	return d.rdb.XAck(ctx, d.Topic, d.group, d.ID).Err()
}

type Handler func(ctx context.Context, d Delivery) error

type Streams struct {
	rdb        *redis.Client
	group      string
	consumer   string
	visibility time.Duration
}

func NewStreams(rdb *redis.Client, group, consumer string) *Streams {
	return &Streams{rdb: rdb, group: group, consumer: consumer, visibility: 2 * time.Minute}
}

func (s *Streams) Publish(ctx context.Context, topic string, body []byte) error {
	return s.rdb.XAdd(ctx, &redis.XAddArgs{Stream: topic, Values: map[string]any{"body": body}}).Err()
}

// Consume blocks, handing each message of topic to h. A message whose
// handler fails stays pending and is reclaimed later.
func (s *Streams) Consume(ctx context.Context, topic string, h Handler) error {
	err := s.rdb.XGroupCreateMkStream(ctx, topic, s.group, "0").Err()
	if err != nil && !strings.Contains(err.Error(), "BUSYGROUP") {
		return err
	}
	for ctx.Err() == nil {
		msgs, _, err := s.rdb.XAutoClaim(ctx, &redis.XAutoClaimArgs{
			Stream: topic, Group: s.group, Consumer: s.consumer,
			MinIdle: s.visibility, Start: "0-0", Count: 10,
		}).Result()
		if err != nil && !errors.Is(err, redis.Nil) {
			return err
		}
		streams, err := s.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{
			Group: s.group, Consumer: s.consumer, Streams: []string{topic, ">"},
			Count: 10, Block: 5 * time.Second,
		}).Result()
		if err != nil && !errors.Is(err, redis.Nil) {
			return err
		}
		for _, st := range streams {
			msgs = append(msgs, st.Messages...)
		}
		for _, m := range msgs {
			body, _ := m.Values["body"].(string)
			d := Delivery{ID: m.ID, Topic: topic, Body: []byte(body), rdb: s.rdb, group: s.group}
			if err := h(ctx, d); err != nil {
				slog.ErrorContext(ctx, "queue: handler failed", "topic", topic, "id", m.ID, "err", err)
			}
		}
	}
	return ctx.Err()
}
