// Package overlap holds lookups that checkthenact reports as a race
// between two concurrent callers: volatiledup stays silent on each, so
// every position carries one message (see TestOneMessagePerLookup).
package overlap

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"time"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/redis/go-redis/v9"
	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/refund"
)

type Hooks struct {
	mu   sync.Mutex
	sent sync.Map
	seen map[string]bool
	done *lru.Cache[string, bool]
	rdb  *redis.Client
}

func (h *Hooks) SyncMap(ctx context.Context, eventID, body string) error {
	if _, ok := h.sent.Load(eventID); ok { // want `check-then-act race: the existence check Load`
		return nil
	}
	_, err := http.Post("https://hooks.example/in", "text/plain", strings.NewReader(body))
	h.sent.Store(eventID, true)
	return err
}

func (h *Hooks) MapReleased(ctx context.Context, eventID, body string) error {
	h.mu.Lock()
	_, ok := h.seen[eventID] // want `check-then-act race: the map lookup`
	h.mu.Unlock()
	if ok {
		return nil
	}
	_, err := http.Post("https://hooks.example/in", "text/plain", strings.NewReader(body))
	h.mu.Lock()
	h.seen[eventID] = true
	h.mu.Unlock()
	return err
}

func (h *Hooks) LRU(ctx context.Context, refundID, charge string) error {
	if _, ok := h.done.Get(refundID); ok { // want `check-then-act race: the existence check Get`
		return nil
	}
	_, err := refund.New(&stripe.RefundParams{Charge: &charge})
	h.done.Add(refundID, true)
	return err
}

func (h *Hooks) Redis(ctx context.Context, deliveryID, body string) error {
	key := "delivered:" + deliveryID
	if err := h.rdb.Get(ctx, key).Err(); err != redis.Nil { // want `check-then-act race: the existence check Get`
		return err
	}
	if _, err := http.Post("https://hooks.example/in", "text/plain", strings.NewReader(body)); err != nil {
		return err
	}
	return h.rdb.Set(ctx, key, "1", 24*time.Hour).Err()
}
