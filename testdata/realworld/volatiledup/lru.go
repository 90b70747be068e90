package volatiledup

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"sync"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/hashicorp/golang-lru/v2/expirable"
	amqp "github.com/rabbitmq/amqp091-go"
)

// RefundConsumer remembers the refunds it made in an LRU: an eviction, a
// restart or a redelivery to another consumer refunds again.
type RefundConsumer struct {
	done *lru.Cache[string, struct{}]
	db   *sql.DB
}

func (c *RefundConsumer) Handle(ctx context.Context, d amqp.Delivery) error {
	if found, _ := c.done.ContainsOrAdd(d.MessageId, struct{}{}); found { // want:volatiledup
		return d.Ack(false)
	}
	if _, err := c.db.ExecContext(ctx, `INSERT INTO refunds (message_id, body) VALUES ($1, $2)`, d.MessageId, d.Body); err != nil {
		return err
	}
	return d.Ack(false)
}

// Near miss: the LRU in front of an insert the database deduplicates; the
// LRU only saves a round trip.
func (c *RefundConsumer) HandleUpsert(ctx context.Context, d amqp.Delivery) error {
	if found, _ := c.done.ContainsOrAdd(d.MessageId, struct{}{}); found {
		return d.Ack(false)
	}
	if _, err := c.db.ExecContext(ctx, `INSERT INTO refunds (message_id, body) VALUES ($1, $2) ON CONFLICT (message_id) DO NOTHING`, d.MessageId, d.Body); err != nil {
		return err
	}
	return d.Ack(false)
}

// Webhooks forwards each event once per ten minutes, as far as this
// process remembers.
type Webhooks struct {
	mu     sync.Mutex
	recent *expirable.LRU[string, bool]
}

func (w *Webhooks) Forward(ctx context.Context, eventID, body string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.recent.Contains(eventID) { // want:volatiledup
		return nil
	}
	if _, err := http.Post("https://partner.example/events", "application/json", strings.NewReader(body)); err != nil {
		return err
	}
	w.recent.Add(eventID, true)
	return nil
}

// Near miss: the same LRU keyed by the endpoint: which endpoints were
// announced, not which events were delivered.
func (w *Webhooks) Announce(ctx context.Context, endpoint string) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.recent.Contains(endpoint) {
		return nil
	}
	if _, err := http.Post(endpoint, "application/json", strings.NewReader(`{"hello":true}`)); err != nil {
		return err
	}
	w.recent.Add(endpoint, true)
	return nil
}
