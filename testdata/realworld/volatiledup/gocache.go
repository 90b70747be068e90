package volatiledup

import (
	"context"
	"database/sql"
	"net/http"
	"sync"
	"time"

	cache "github.com/patrickmn/go-cache"
)

// Payments keeps idempotency keys in a TTL cache for a day: a restart
// or a retry that reaches another replica charges again.
type Payments struct {
	mu   sync.Mutex
	keys *cache.Cache
	db   *sql.DB
}

func (p *Payments) Create(ctx context.Context, r *http.Request, cents int) error {
	key := r.Header.Get("Idempotency-Key")
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.keys.Get(key); ok { // want:volatiledup
		return nil
	}
	if _, err := p.db.ExecContext(ctx, `INSERT INTO payments (cents) VALUES ($1)`, cents); err != nil {
		return err
	}
	p.keys.Set(key, true, 24*time.Hour)
	return nil
}

// Near miss: the cache in front of a conditional update; the row's state
// decides, and the cache only saves the round trip.
func (p *Payments) Capture(ctx context.Context, paymentID string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, ok := p.keys.Get(paymentID); ok {
		return nil
	}
	if _, err := p.db.ExecContext(ctx, `UPDATE payments SET status = 'captured' WHERE id = $1 AND status = 'authorized'`, paymentID); err != nil {
		return err
	}
	p.keys.Set(paymentID, true, cache.DefaultExpiration)
	return nil
}
