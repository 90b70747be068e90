package helperdedup

import (
	"context"
	"database/sql"
	"sync"
	"time"
)

type Event struct {
	ID      string
	Created int64
	Payload []byte
}

// Payments is the module's payment service: its one implementation
// inserts a ledger row per event.
type Payments interface {
	ProcessWebhook(ctx context.Context, ev Event) error
}

type ledgerPayments struct{ db *sql.DB }

func (p *ledgerPayments) ProcessWebhook(ctx context.Context, ev Event) error {
	_, err := p.db.ExecContext(ctx, `INSERT INTO ledger (event_id, payload) VALUES ($1, $2)`, ev.ID, ev.Payload)
	return err
}

// The common webhook shape: the memory sits behind two small helpers,
// one that tests it and one that marks.
type WebhookController struct {
	payments        Payments
	eventMu         sync.RWMutex
	processedEvents map[string]time.Time
}

func (wc *WebhookController) isEventProcessed(eventID string) bool {
	wc.eventMu.RLock()
	defer wc.eventMu.RUnlock()
	_, exists := wc.processedEvents[eventID]
	return exists
}

func (wc *WebhookController) markEventProcessed(eventID string) {
	wc.eventMu.Lock()
	defer wc.eventMu.Unlock()
	wc.processedEvents[eventID] = time.Now()
}

func (wc *WebhookController) Handle(ctx context.Context, ev Event) error {
	if wc.isEventProcessed(ev.ID) { // want `volatile dedup memory: the map wc.processedEvents \(tested by isEventProcessed\) .* the call Payments.ProcessWebhook at line 59 runs again`
		return nil
	}
	if time.Since(time.Unix(ev.Created, 0)) > 5*time.Minute {
		return nil
	}
	wc.markEventProcessed(ev.ID)
	go func() {
		_ = wc.payments.ProcessWebhook(context.Background(), ev)
	}()
	return nil
}

// Near miss: the same helpers in front of an upsert, which is idempotent
// itself.
type Index struct {
	db   *sql.DB
	mu   sync.Mutex
	seen map[string]bool
}

func (x *Index) has(eventID string) bool {
	x.mu.Lock()
	defer x.mu.Unlock()
	return x.seen[eventID]
}

func (x *Index) add(eventID string) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.seen[eventID] = true
}

func (x *Index) Handle(ctx context.Context, ev Event) error {
	if x.has(ev.ID) {
		return nil
	}
	if _, err := x.db.ExecContext(ctx, `INSERT INTO event_index (event_id) VALUES ($1) ON CONFLICT DO NOTHING`, ev.ID); err != nil {
		return err
	}
	x.add(ev.ID)
	return nil
}

// The same helpers in front of a plain insert.
func (x *Index) Append(ctx context.Context, ev Event) error {
	if x.has(ev.ID) { // want `volatile dedup memory: the map x.seen \(tested by has\) .* the write to event_log at line 100 runs again`
		return nil
	}
	if _, err := x.db.ExecContext(ctx, `INSERT INTO event_log (event_id) VALUES ($1)`, ev.ID); err != nil {
		return err
	}
	x.add(ev.ID)
	return nil
}
