package redisdedup

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

type Webhooks struct {
	mu  sync.Mutex // serialises this process only
	rdb *redis.Client
}

// A process mutex around GET and the later plain SET: checkthenact takes
// the lock for atomicity, but two replicas each hold their own.
func (w *Webhooks) Deliver(ctx context.Context, deliveryID, body string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	key := "delivered:" + deliveryID
	if err := w.rdb.Get(ctx, key).Err(); err != redis.Nil { // want `volatile dedup memory: redis Get and the plain SET at line 30 are the only record that the key was handled, so the call http.Post at line 27 runs again when two replicas`
		return err
	}
	if _, err := http.Post("https://hooks.example/in", "text/plain", strings.NewReader(body)); err != nil {
		return err
	}
	return w.rdb.Set(ctx, key, "1", 24*time.Hour).Err()
}

// Near miss: SET NX claims the key before the effect, and only the
// winner acts.
func (w *Webhooks) DeliverClaimed(ctx context.Context, deliveryID, body string) error {
	ok, err := w.rdb.SetNX(ctx, "delivered:"+deliveryID, "1", 24*time.Hour).Result()
	if err != nil || !ok {
		return err
	}
	_, err = http.Post("https://hooks.example/in", "text/plain", strings.NewReader(body))
	return err
}

// Near miss: the same GET and SET around a pure computation (a cache).
func (w *Webhooks) Preview(ctx context.Context, deliveryID, body string) (string, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	key := "preview:" + deliveryID
	if v, err := w.rdb.Get(ctx, key).Result(); err == nil {
		return v, nil
	}
	v := strings.ToUpper(body)
	return v, w.rdb.Set(ctx, key, v, time.Hour).Err()
}
