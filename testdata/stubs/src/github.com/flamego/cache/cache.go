// Package cache is a stub of github.com/flamego/cache: the Cache
// interface flamego injects into handlers.
package cache

import (
	"context"
	"time"
)

type Cache interface {
	// Get returns os.ErrNotExist when the key is absent or expired.
	Get(ctx context.Context, key string) (interface{}, error)
	Set(ctx context.Context, key string, value interface{}, lifetime time.Duration) error
	Delete(ctx context.Context, key string) error
	Flush(ctx context.Context) error
	GC(ctx context.Context) error
}
