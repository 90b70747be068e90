package rediskeys

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/redis/go-redis/v9"
)

type Cache struct{ rdb *redis.Client }

func (c *Cache) Claim(ctx context.Context, merchantID, idempotencyKey string) bool {
	ok, _ := c.rdb.SetNX(ctx, "idem:"+idempotencyKey, "pending", time.Hour).Result() // want `redis key built from the idempotency key \(idempotencyKey\) alone while merchantID is in scope`
	return ok
}

// Near miss: the merchant is in the key.
func (c *Cache) ClaimScoped(ctx context.Context, merchantID, idempotencyKey string) bool {
	ok, _ := c.rdb.SetNX(ctx, "idem:"+merchantID+":"+idempotencyKey, "pending", time.Hour).Result()
	return ok
}

func (c *Cache) Replay(w http.ResponseWriter, r *http.Request, user *User) {
	body, _ := c.rdb.Get(r.Context(), fmt.Sprintf("idempotency:%s", r.Header.Get("Idempotency-Key"))).Result() // want `redis key built from the idempotency key \(from the Idempotency-Key header\) alone while user is in scope`
	w.Write([]byte(body))
}

// Near miss: the user's id formatted into the key.
func (c *Cache) ReplayScoped(w http.ResponseWriter, r *http.Request, user *User) {
	body, _ := c.rdb.Get(r.Context(), fmt.Sprintf("idempotency:%s:%s", user.ID, r.Header.Get("Idempotency-Key"))).Result()
	w.Write([]byte(body))
}

// A parameter named key, under a prefix that says idempotency.
func (c *Cache) Seen(ctx context.Context, tenantID, key string) bool {
	n, _ := c.rdb.Exists(ctx, "dedup:"+key).Result() // want `redis key built from the idempotency key \(key\) alone while tenantID is in scope`
	return n > 0
}

// Near miss: another variable part, which may be the owner under a name
// the check does not know.
func (c *Cache) SeenNamespaced(ctx context.Context, tenantID, ns, key string) bool {
	n, _ := c.rdb.Exists(ctx, "dedup:"+ns+":"+key).Result()
	return n > 0
}

// Near miss: a cache key that is not an idempotency key.
func (c *Cache) Profile(ctx context.Context, tenantID, key string) string {
	v, _ := c.rdb.Get(ctx, "profile:"+key).Result()
	return v
}

// Near miss: no owner in scope.
func (c *Cache) ClaimSingle(ctx context.Context, idempotencyKey string) bool {
	ok, _ := c.rdb.SetNX(ctx, "idem:"+idempotencyKey, "pending", time.Hour).Result()
	return ok
}

type User struct{ ID string }
