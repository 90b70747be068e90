// Package redisstore holds the API quota counters and the notification
// dedup marks in Redis.
package redisstore

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

func New(addr string) *redis.Client {
	return redis.NewClient(&redis.Options{Addr: addr})
}

type Quotas struct{ RDB *redis.Client }

func quotaKey(apiKeyID string, window time.Time) string {
	return fmt.Sprintf("quota:%s:%s", apiKeyID, window.UTC().Format("2006010215"))
}

// Used returns the calls made with the key in the current hour.
func (q Quotas) Used(ctx context.Context, apiKeyID string, now time.Time) (int64, error) {
	v, err := q.RDB.Get(ctx, quotaKey(apiKeyID, now)).Result()
	if errors.Is(err, redis.Nil) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("quota used: %w", err)
	}
	return strconv.ParseInt(v, 10, 64)
}

func (q Quotas) Store(ctx context.Context, apiKeyID string, now time.Time, used int64) error {
	if err := q.RDB.Set(ctx, quotaKey(apiKeyID, now), used, time.Hour).Err(); err != nil {
		return fmt.Errorf("quota store: %w", err)
	}
	return nil
}

// Incr counts one call and returns the new total for the hour.
func (q Quotas) Incr(ctx context.Context, apiKeyID string, now time.Time) (int64, error) {
	key := "webhook_" + quotaKey(apiKeyID, now)
	n, err := q.RDB.Incr(ctx, key).Result()
	if err != nil {
		return 0, fmt.Errorf("quota incr: %w", err)
	}
	if n == 1 {
		q.RDB.Expire(ctx, key, time.Hour)
	}
	return n, nil
}

type Marks struct{ RDB *redis.Client }

func (m Marks) Seen(ctx context.Context, id string) (bool, error) {
	n, err := m.RDB.Exists(ctx, "seen:"+id).Result()
	if err != nil {
		return false, fmt.Errorf("seen: %w", err)
	}
	return n == 1, nil
}

func (m Marks) MarkSeen(ctx context.Context, id string) error {
	return m.RDB.Set(ctx, "seen:"+id, 1, 72*time.Hour).Err()
}

// Claim marks the id as taken; false means it was already taken.
func (m Marks) Claim(ctx context.Context, id string) (bool, error) {
	ok, err := m.RDB.SetNX(ctx, "claimed:"+id, 1, 72*time.Hour).Result()
	if err != nil {
		return false, fmt.Errorf("claim: %w", err)
	}
	return ok, nil
}
