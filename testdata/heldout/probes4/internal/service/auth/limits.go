package auth

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// SMSLimiter caps the SMS codes sent to one number per window; every SMS
// costs money.
type SMSLimiter struct {
	rdb    *redis.Client
	limit  int
	window time.Duration
}

func (l *SMSLimiter) Allow(ctx context.Context, phone string) (bool, error) {
	key := "ratelimit:sms:" + phone
	n, err := l.rdb.Get(ctx, key).Int()
	if err != nil && !errors.Is(err, redis.Nil) {
		return false, err
	}
	if n >= l.limit {
		return false, nil
	}
	pipe := l.rdb.TxPipeline()
	pipe.Incr(ctx, key)
	pipe.Expire(ctx, key, l.window)
	if _, err := pipe.Exec(ctx); err != nil {
		return false, err
	}
	return true, nil
}

// LoginLimiter caps password attempts per account.
type LoginLimiter struct {
	rdb    *redis.Client
	limit  int
	window time.Duration
}

func NewLoginLimiter(rdb *redis.Client, limit int, window time.Duration) *LoginLimiter {
	return &LoginLimiter{rdb: rdb, limit: limit, window: window}
}

func (l *LoginLimiter) Allow(ctx context.Context, email string) (bool, error) {
	key := "ratelimit:login:" + email
	n, err := l.rdb.Incr(ctx, key).Result()
	if err != nil {
		return false, err
	}
	if n == 1 {
		l.rdb.Expire(ctx, key, l.window)
	}
	return n <= int64(l.limit), nil
}
