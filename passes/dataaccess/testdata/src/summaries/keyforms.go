package summaries

import (
	"context"
	"fmt"
	"time"

	"github.com/redis/go-redis/v9"
)

// Keys a helper builds from what its caller passes (keyform=, with $ for
// the parameter) on a client field of its receiver (keystore=, the path
// down to go-redis's embedded cmdable): a caller's own SET of the same
// spelling on that field names the same entry.

type ReplayCache struct {
	rdb *redis.Client
}

// The key is the parameter with a prefix.
func (c *ReplayCache) Stored(ctx context.Context, key string) ([]byte, error) { // want Stored:"key=1 .* keyvalue keyform=\\(\"idem:\"\\+\\$\\) keystore=@.0.0$"
	return c.rdb.Get(ctx, "idem:"+key).Bytes()
}

// The key is spelled by fmt.Sprintf around the parameter.
func (c *ReplayCache) Seen(ctx context.Context, id int64) (bool, error) { // want Seen:"key=1 .* keyvalue keyform=fmt.Sprintf\\(\"seen:%d\",\\[\\$\\]\\) keystore=@.0.0$"
	n, err := c.rdb.Exists(ctx, fmt.Sprintf("seen:%d", id)).Result()
	return n > 0, err
}

// A helper's template inside another's: the caller's key reaches the
// inner Get as "idem:"+("v2:"+key).
func (c *ReplayCache) StoredV2(ctx context.Context, key string) ([]byte, error) { // want StoredV2:"key=1 .* keyvalue keyform=\\(\"idem:\"\\+\\(\"v2:\"\\+\\$\\)\\) keystore=@.0.0$"
	return c.Stored(ctx, "v2:"+key)
}

// Near miss: the parameter is the key itself; no template.
func (c *ReplayCache) Raw(ctx context.Context, key string) ([]byte, error) { // want Raw:"key=1 .* keyvalue keystore=@.0.0$"
	return c.rdb.Get(ctx, key).Bytes()
}

// Near miss: the key mixes in the clock, which no caller can spell
// again: no key parameter, no template.
func (c *ReplayCache) Today(ctx context.Context, key string) ([]byte, error) { // want Today:"key=-1 .* keyvalue keystore=@.0.0$"
	return c.rdb.Get(ctx, key+time.Now().Format("2006-01-02")).Bytes()
}

// Near miss: the client is passed in, not a field of the receiver: no
// store to name.
func StoredOn(ctx context.Context, rdb *redis.Client, key string) ([]byte, error) { // want StoredOn:"key=2 .* keyvalue keyform=\\(\"idem:\"\\+\\$\\)$"
	return rdb.Get(ctx, "idem:"+key).Bytes()
}
