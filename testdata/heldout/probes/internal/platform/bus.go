// Package platform holds infrastructure adapters.
package platform

import (
	"context"
	"encoding/json"
	"time"

	"github.com/redis/go-redis/v9"
)

// StreamPublisher publishes to a redis stream.
type StreamPublisher struct {
	Redis *redis.Client
}

func (p *StreamPublisher) Publish(ctx context.Context, topic string, payload any) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	return p.Redis.XAdd(ctx, &redis.XAddArgs{Stream: topic, Values: map[string]any{"body": b, "ts": time.Now().UnixMilli()}}).Err()
}
