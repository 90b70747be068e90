package keyscope

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

type Dedup struct{ rdb *redis.Client }

// Begin claims the key in redis under the key alone.
func (d *Dedup) Begin(ctx context.Context, accountID, idempotencyKey string) (bool, error) {
	return d.rdb.SetNX(ctx, "idem:"+idempotencyKey, "pending", 24*time.Hour).Result() // want:keyscope
}

// BeginScoped is the near miss: the account is part of the key.
func (d *Dedup) BeginScoped(ctx context.Context, accountID, idempotencyKey string) (bool, error) {
	return d.rdb.SetNX(ctx, fmt.Sprintf("idem:%s:%s", accountID, idempotencyKey), "pending", 24*time.Hour).Result()
}
