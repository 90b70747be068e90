package volatiledup

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

type Notifier struct {
	mu   sync.Mutex // one process's lock; the other replicas have their own
	rdb  *redis.Client
	sent sync.Map
}

// GET, the effect, then a plain SET under a process mutex.
func (n *Notifier) Notify(ctx context.Context, notificationID, body string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	key := "notified:" + notificationID
	if err := n.rdb.Get(ctx, key).Err(); err != redis.Nil { // want:volatiledup
		return err
	}
	if _, err := http.Post("https://push.example/send", "text/plain", strings.NewReader(body)); err != nil {
		return err
	}
	return n.rdb.Set(ctx, key, "1", 24*time.Hour).Err()
}

// Near miss: SET NX claims the key for one replica before the effect.
func (n *Notifier) NotifyClaimed(ctx context.Context, notificationID, body string) error {
	won, err := n.rdb.SetNX(ctx, "notified:"+notificationID, "1", 24*time.Hour).Result()
	if err != nil || !won {
		return err
	}
	_, err = http.Post("https://push.example/send", "text/plain", strings.NewReader(body))
	return err
}

// sync.Map's LoadOrStore as the claim: atomic among this process's
// goroutines, forgotten on restart.
func (n *Notifier) NotifyOnce(ctx context.Context, notificationID, body string) error {
	if _, loaded := n.sent.LoadOrStore(notificationID, true); loaded { // want:volatiledup
		return nil
	}
	_, err := http.Post("https://push.example/send", "text/plain", strings.NewReader(body))
	return err
}

// Near miss for volatiledup: Load then Store with no lock across is a
// race checkthenact reports at the same line; one message per lookup.
func (n *Notifier) NotifyRacy(ctx context.Context, notificationID, body string) error {
	if _, ok := n.sent.Load(notificationID); ok { // want:checkthenact
		return nil
	}
	_, err := http.Post("https://push.example/send", "text/plain", strings.NewReader(body))
	n.sent.Store(notificationID, true)
	return err
}
