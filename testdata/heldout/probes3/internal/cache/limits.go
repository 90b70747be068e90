// Package cache holds the redis-backed limits and memories: redigo for the
// OTP limiter, rueidis for everything newer.
package cache

import (
	"context"
	"fmt"
	"time"

	"github.com/gomodule/redigo/redis"
	"github.com/redis/rueidis"

	"example.com/shop3/internal/domain"
)

// OTPLimiter allows five OTP texts per phone per hour.
type OTPLimiter struct {
	Pool *redis.Pool
	Max  int
}

func NewPool(addr string) *redis.Pool {
	return &redis.Pool{
		MaxIdle:     16,
		IdleTimeout: 4 * time.Minute,
		DialContext: func(ctx context.Context) (redis.Conn, error) {
			return redis.DialContext(ctx, "tcp", addr)
		},
	}
}

func otpKey(phone string) string { return "otp:count:" + phone }

// Sent returns how many OTP texts went to the phone this hour.
func (l *OTPLimiter) Sent(ctx context.Context, phone string) (int, error) {
	conn, err := l.Pool.GetContext(ctx)
	if err != nil {
		return 0, err
	}
	defer conn.Close()
	n, err := redis.Int(conn.Do("GET", otpKey(phone)))
	if err == redis.ErrNil {
		return 0, nil
	}
	return n, err
}

// Record counts one more OTP text.
func (l *OTPLimiter) Record(ctx context.Context, phone string) error {
	conn, err := l.Pool.GetContext(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.Do("INCR", otpKey(phone)); err != nil {
		return err
	}
	_, err = conn.Do("EXPIRE", otpKey(phone), 3600, "NX")
	return err
}

// Take counts one more OTP text and fails when the hour's budget is spent.
func (l *OTPLimiter) Take(ctx context.Context, phone string) error {
	conn, err := l.Pool.GetContext(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	n, err := redis.Int(conn.Do("INCR", otpKey(phone)))
	if err != nil {
		return err
	}
	if n == 1 {
		if _, err := conn.Do("EXPIRE", otpKey(phone), 3600); err != nil {
			return err
		}
	}
	if n > l.Max {
		return domain.ErrQuotaExceeded
	}
	return nil
}

// Quotas counts per-tenant daily free shipping labels in redis (rueidis).
type Quotas struct {
	Client rueidis.Client
}

func labelKey(tenantID int64, day string) string { return fmt.Sprintf("labels:%d:%s", tenantID, day) }

func (q *Quotas) LabelsUsed(ctx context.Context, tenantID int64, day string) (int64, error) {
	n, err := q.Client.Do(ctx, q.Client.B().Get().Key(labelKey(tenantID, day)).Build()).AsInt64()
	if rueidis.IsRedisNil(err) {
		return 0, nil
	}
	return n, err
}

func (q *Quotas) AddLabel(ctx context.Context, tenantID int64, day string) error {
	return q.Client.Do(ctx, q.Client.B().Incrby().Key(labelKey(tenantID, day)).Increment(1).Build()).Error()
}

// TakeLabel takes one label from the day's budget; ErrQuotaExceeded when
// none is left (the take is given back).
func (q *Quotas) TakeLabel(ctx context.Context, tenantID int64, day string, limit int64) error {
	key := labelKey(tenantID, day)
	n, err := q.Client.Do(ctx, q.Client.B().Incr().Key(key).Build()).AsInt64()
	if err != nil {
		return err
	}
	if n == 1 {
		q.Client.Do(ctx, q.Client.B().Expire().Key(key).Seconds(172800).Build())
	}
	if n > limit {
		q.Client.Do(ctx, q.Client.B().Decr().Key(key).Build())
		return domain.ErrQuotaExceeded
	}
	return nil
}
