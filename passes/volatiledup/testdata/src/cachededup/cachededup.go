package cachededup

import (
	"context"
	"database/sql"
	"net/http"
	"net/smtp"
	"strings"
	"sync"

	lru "github.com/hashicorp/golang-lru/v2"
	cache "github.com/patrickmn/go-cache"
	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/refund"
)

// An in-process claim: LoadOrStore picks one winner among this process's
// goroutines (checkthenact is silent), and forgets on restart.
type Publisher struct {
	sent sync.Map
}

func (p *Publisher) Publish(ctx context.Context, eventID, body string) error {
	if _, loaded := p.sent.LoadOrStore(eventID, true); loaded { // want `volatile dedup memory: the in-process sync.Map p.sent is the only record .* the call http.Post at line 27`
		return nil
	}
	_, err := http.Post("https://hooks.example/events", "text/plain", strings.NewReader(body))
	return err
}

// Near miss: LoadOrStore in front of a pure computation.
func (p *Publisher) Render(eventID, body string) string {
	if v, loaded := p.sent.LoadOrStore(eventID, strings.ToUpper(body)); loaded {
		return v.(string)
	}
	return strings.ToUpper(body)
}

// An LRU used as a claim: ContainsOrAdd, then the refund. Eviction alone
// forgets the id.
type Refunds struct {
	done *lru.Cache[string, bool]
}

func (r *Refunds) Refund(ctx context.Context, refundID, charge string) error {
	if found, _ := r.done.ContainsOrAdd(refundID, true); found { // want `volatile dedup memory: the in-process lru.Cache r.done is the only record .* the call refund.New at line 49 runs again`
		return nil
	}
	_, err := refund.New(&stripe.RefundParams{Charge: &charge})
	return err
}

// Near miss: an LRU of computed values keyed by id (a pure fill).
func (r *Refunds) Seen(refundID string) bool {
	if v, ok := r.done.Get(refundID); ok {
		return v
	}
	v := strings.HasPrefix(refundID, "re_")
	r.done.Add(refundID, v)
	return v
}

// A TTL cache under one mutex in front of a plain insert.
type Orders struct {
	mu     sync.Mutex
	recent *cache.Cache
	db     *sql.DB
}

func (o *Orders) Place(ctx context.Context, idempotencyKey string, cents int) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if _, ok := o.recent.Get(idempotencyKey); ok { // want `volatile dedup memory: the in-process cache.Cache o.recent .* the write to orders at line 76`
		return nil
	}
	if _, err := o.db.ExecContext(ctx, `INSERT INTO orders (cents) VALUES ($1)`, cents); err != nil {
		return err
	}
	o.recent.Set(idempotencyKey, true, cache.DefaultExpiration)
	return nil
}

// Near miss: the same cache in front of a conditional durable write.
func (o *Orders) PlaceOnce(ctx context.Context, idempotencyKey string, cents int) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	if _, ok := o.recent.Get(idempotencyKey); ok {
		return nil
	}
	if _, err := o.db.ExecContext(ctx, `INSERT INTO orders (idempotency_key, cents) VALUES ($1, $2) ON CONFLICT (idempotency_key) DO NOTHING`, idempotencyKey, cents); err != nil {
		return err
	}
	o.recent.Set(idempotencyKey, true, cache.DefaultExpiration)
	return nil
}

var recent, _ = lru.New[string, struct{}](1000)

// The mark after the if, on both paths: the LRU still is the only
// record that the receipt went out.
func SendReceipt(orderID, address string) error {
	if _, ok := recent.Get(orderID); !ok { // want `volatile dedup memory: the in-process lru.Cache recent .* the call smtp.SendMail at line 103 runs again`
		if err := smtp.SendMail("mail.example:25", nil, "shop@example.com", []string{address}, []byte(orderID)); err != nil {
			return err
		}
	}
	recent.Add(orderID, struct{}{})
	return nil
}

// Near miss: the same shape keyed by the address: a digest sent once per
// address and process, not a record of one order.
func SendDigest(address string) error {
	if _, ok := recent.Get(address); !ok {
		if err := smtp.SendMail("mail.example:25", nil, "shop@example.com", []string{address}, []byte("digest")); err != nil {
			return err
		}
	}
	recent.Add(address, struct{}{})
	return nil
}

// go-cache's Add fails when the key is present: the in-process SETNX,
// still forgotten on a restart.
func (o *Orders) ShipOnce(ctx context.Context, shipmentID string) error {
	if err := o.recent.Add(shipmentID, true, cache.DefaultExpiration); err != nil { // want `volatile dedup memory: the in-process cache.Cache o.recent .* the write to shipments at line 129`
		return nil // already shipped
	}
	_, err := o.db.ExecContext(ctx, `INSERT INTO shipments (order_id) VALUES ($1)`, shipmentID)
	return err
}

// Near miss: Add guarding an upsert, itself idempotent.
func (o *Orders) ShipUpsert(ctx context.Context, shipmentID string) error {
	if err := o.recent.Add(shipmentID, true, cache.DefaultExpiration); err != nil {
		return nil
	}
	_, err := o.db.ExecContext(ctx, `INSERT INTO shipments (id) VALUES ($1) ON CONFLICT (id) DO NOTHING`, shipmentID)
	return err
}
