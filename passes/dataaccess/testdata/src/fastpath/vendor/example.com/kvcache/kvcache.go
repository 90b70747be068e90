// Package kvcache stands for a library that offers its users a small
// store abstraction (a cache with Get, Set and Del): a handful of
// methods, unlike an SDK client's interface.
package kvcache

import (
	"context"
	"time"
)

type Cache interface {
	GetString(ctx context.Context, key string) (string, bool, error)
	SetString(ctx context.Context, key, value string, ttl time.Duration) error
	Del(ctx context.Context, key string) error
}
