// Package ratelimit limits requests per client with Redis counters.
package ratelimit

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"
)

// Limiter decides whether one more request from key is allowed.
type Limiter interface {
	Allow(ctx context.Context, key string) (bool, error)
}

func windowKey(prefix, key string, window time.Duration, now time.Time) string {
	slot := now.Unix() / int64(window/time.Second)
	return prefix + ":" + key + ":" + strconv.FormatInt(slot, 10)
}

// FixedWindow allows Limit requests per Window. It guards the password
// login endpoint.
type FixedWindow struct {
	rdb    *redis.Client
	prefix string
	Limit  int
	Window time.Duration
}

func NewFixedWindow(rdb *redis.Client, prefix string, limit int, window time.Duration) *FixedWindow {
	return &FixedWindow{rdb: rdb, prefix: prefix, Limit: limit, Window: window}
}

func (l *FixedWindow) Allow(ctx context.Context, key string) (bool, error) {
	k := windowKey(l.prefix, key, l.Window, time.Now())
	current, err := l.rdb.Get(ctx, k).Int()
	if err != nil && !errors.Is(err, redis.Nil) {
		return false, fmt.Errorf("ratelimit: read %s: %w", k, err)
	}
	if current >= l.Limit {
		return false, nil
	}
	pipe := l.rdb.TxPipeline()
	pipe.Incr(ctx, k)
	pipe.Expire(ctx, k, l.Window)
	if _, err := pipe.Exec(ctx); err != nil {
		return false, fmt.Errorf("ratelimit: count %s: %w", k, err)
	}
	return true, nil
}

// Counter allows Limit requests per Window and is used for the public API.
type Counter struct {
	rdb    *redis.Client
	prefix string
	Limit  int64
	Window time.Duration
}

func NewCounter(rdb *redis.Client, prefix string, limit int64, window time.Duration) *Counter {
	return &Counter{rdb: rdb, prefix: prefix, Limit: limit, Window: window}
}

func (l *Counter) Allow(ctx context.Context, key string) (bool, error) {
	k := windowKey(l.prefix, key, l.Window, time.Now())
	pipe := l.rdb.TxPipeline()
	hits := pipe.Incr(ctx, k)
	pipe.ExpireNX(ctx, k, l.Window)
	if _, err := pipe.Exec(ctx); err != nil {
		return false, fmt.Errorf("ratelimit: count %s: %w", k, err)
	}
	return hits.Val() <= l.Limit, nil
}

// Middleware rejects requests over the limit with 429.
func Middleware(l Limiter, keyFn func(*http.Request) string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ok, err := l.Allow(r.Context(), keyFn(r))
			if err != nil {
				// Fail open: Redis trouble should not take the API down.
				next.ServeHTTP(w, r)
				return
			}
			if !ok {
				w.Header().Set("Retry-After", "60")
				http.Error(w, "too many requests", http.StatusTooManyRequests)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// ClientIP is the default key function.
func ClientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
