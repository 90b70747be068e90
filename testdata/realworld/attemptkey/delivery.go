package attemptkey

import (
	"context"
	"strconv"
	"sync"

	amqp "github.com/rabbitmq/amqp091-go"
	"github.com/redis/go-redis/v9"
)

func process(body []byte) error { return nil }

func ConsumeSeenTags(ch *amqp.Channel) error {
	msgs, err := ch.Consume("orders", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	seen := make(map[uint64]struct{})
	for d := range msgs {
		if _, dup := seen[d.DeliveryTag]; dup { // want:attemptkey
			d.Ack(false)
			continue
		}
		if err := process(d.Body); err != nil {
			d.Nack(false, true)
			continue
		}
		seen[d.DeliveryTag] = struct{}{}
		d.Ack(false)
	}
	return nil
}

func ConsumeSeenMessageIDs(ch *amqp.Channel) error {
	msgs, err := ch.Consume("orders", "", false, false, false, false, nil)
	if err != nil {
		return err
	}
	seen := make(map[string]struct{})
	for d := range msgs {
		if _, dup := seen[d.MessageId]; dup {
			d.Ack(false)
			continue
		}
		if err := process(d.Body); err != nil {
			d.Nack(false, true)
			continue
		}
		seen[d.MessageId] = struct{}{}
		d.Ack(false)
	}
	return nil
}

type Consumer struct {
	rdb     *redis.Client
	mu      sync.Mutex
	pending map[uint64]amqp.Delivery
}

func (c *Consumer) HandleRedis(ctx context.Context, d amqp.Delivery) error {
	first, err := c.rdb.SetNX(ctx, "done:"+strconv.FormatUint(d.DeliveryTag, 10), 1, 0).Result() // want:attemptkey
	if err != nil || !first {
		return d.Ack(false)
	}
	return process(d.Body)
}

func (c *Consumer) HandleRedisMessageID(ctx context.Context, d amqp.Delivery) error {
	first, err := c.rdb.SetNX(ctx, "done:"+d.MessageId, 1, 0).Result()
	if err != nil || !first {
		return d.Ack(false)
	}
	return process(d.Body)
}

func (c *Consumer) Track(d amqp.Delivery) {
	c.mu.Lock()
	c.pending[d.DeliveryTag] = d
	c.mu.Unlock()
}
