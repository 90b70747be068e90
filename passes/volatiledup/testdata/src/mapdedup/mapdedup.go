package mapdedup

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
	"sync"
	"time"

	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/refund"
)

type RefundRequested struct {
	ID       string
	ChargeID string
}

// The consumer: a refund guarded by a ten-minute in-process map,
// read by one goroutine (no mutex, which checkthenact takes for "not
// shared"); the map forgets on restart.
type RefundConsumer struct {
	seen map[string]time.Time
}

func (c *RefundConsumer) Handle(ctx context.Context, msg RefundRequested) error {
	if at, ok := c.seen[msg.ID]; ok && time.Since(at) < 10*time.Minute { // want `volatile dedup memory: the map c.seen is the only record that the key was handled and lives in this process, so the call refund.New at line 31 runs again after a restart`
		return nil
	}
	if _, err := refund.New(&stripe.RefundParams{Charge: &msg.ChargeID}); err != nil {
		return err
	}
	c.seen[msg.ID] = time.Now()
	return nil
}

// Near miss: a map made by the call dedups one batch; it is not a memory
// across deliveries.
func (c *RefundConsumer) HandleBatch(ctx context.Context, msgs []RefundRequested) error {
	seen := map[string]bool{}
	for _, msg := range msgs {
		if seen[msg.ID] {
			continue
		}
		if _, err := refund.New(&stripe.RefundParams{Charge: &msg.ChargeID}); err != nil {
			return err
		}
		seen[msg.ID] = true
	}
	return nil
}

// One mutex held across the test and the mark: no race between two
// callers (checkthenact is silent), but the memory still forgets.
type Ledger struct {
	mu     sync.Mutex
	posted map[string]bool
	db     *sql.DB
}

func (l *Ledger) Post(ctx context.Context, transferID string, cents int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.posted[transferID] { // want `volatile dedup memory: the map l.posted .* so the write to ledger_entries at line 68 runs again`
		return nil
	}
	if _, err := l.db.ExecContext(ctx, `INSERT INTO ledger_entries (transfer_id, cents) VALUES ($1, $2)`, transferID, cents); err != nil {
		return err
	}
	l.posted[transferID] = true
	return nil
}

// Near miss: the same memory in front of an upsert, the best-effort
// shortcut of an effect that is idempotent itself.
func (l *Ledger) PostUpsert(ctx context.Context, transferID string, cents int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.posted[transferID] {
		return nil
	}
	if _, err := l.db.ExecContext(ctx, `INSERT INTO ledger_entries (transfer_id, cents) VALUES ($1, $2) ON CONFLICT (transfer_id) DO NOTHING`, transferID, cents); err != nil {
		return err
	}
	l.posted[transferID] = true
	return nil
}

// Near miss: a cache in front of durable authoritative state; the
// durable write is conditional and the database decides.
func (l *Ledger) Settle(ctx context.Context, transferID string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.posted[transferID] {
		return nil
	}
	if _, err := l.db.ExecContext(ctx, `UPDATE transfers SET status = 'settled', settled_count = settled_count + 1 WHERE id = $1 AND status = 'pending'`, transferID); err != nil {
		return err
	}
	l.posted[transferID] = true
	return nil
}

// Mark before the effect, under the mutex: the same memory.
var (
	mu        sync.Mutex
	delivered = map[string]struct{}{}
)

func Notify(ctx context.Context, eventID, body string) error {
	mu.Lock()
	if _, ok := delivered[eventID]; ok { // want `volatile dedup memory: the map delivered .* so the call http.Post at line 119 runs again`
		mu.Unlock()
		return nil
	}
	delivered[eventID] = struct{}{}
	mu.Unlock()
	_, err := http.Post("https://hooks.example/notify", "text/plain", strings.NewReader(body))
	return err
}

// Near miss: the same shape keyed by a topic, not by one event: setup
// done once per topic, not a record of deliveries.
var announced = map[string]struct{}{}

func Announce(ctx context.Context, topic string) error {
	mu.Lock()
	if _, ok := announced[topic]; ok {
		mu.Unlock()
		return nil
	}
	announced[topic] = struct{}{}
	mu.Unlock()
	_, err := http.Post("https://hooks.example/topics", "text/plain", strings.NewReader(topic))
	return err
}

// Near miss: a cache of computed values keyed by id; the absent branch
// fetches (an HTTP GET) and fills.
type Rates struct {
	mu    sync.Mutex
	rates map[string]*http.Response
}

func (r *Rates) Rate(currencyID string) (*http.Response, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if v, ok := r.rates[currencyID]; ok {
		return v, nil
	}
	resp, err := http.Get("https://rates.example/" + currencyID)
	if err != nil {
		return nil, err
	}
	r.rates[currencyID] = resp
	return resp, nil
}

// Near misses: token caches. A credential is no request id, a stored
// answer is a cache of the call, and a helper that fetches and stores is
// a cache fill (the helper's call is both the mark and the only effect).
type Tokens struct {
	mu     sync.Mutex
	issued map[string]bool
	tokens map[string]string
}

func (t *Tokens) Register(apiKey string) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.issued[apiKey] {
		return nil
	}
	if _, err := http.Post("https://auth.example/register", "text/plain", strings.NewReader(apiKey)); err != nil {
		return err
	}
	t.issued[apiKey] = true
	return nil
}

func (t *Tokens) Session(sessionID string) (string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if tok, ok := t.tokens[sessionID]; ok {
		return tok, nil
	}
	resp, err := http.Post("https://auth.example/token", "text/plain", strings.NewReader(sessionID))
	if err != nil {
		return "", err
	}
	tok := resp.Header.Get("X-Token")
	t.tokens[sessionID] = tok
	return tok, nil
}

func (t *Tokens) Refreshed(sessionID string) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if tok, ok := t.tokens[sessionID]; ok {
		return tok
	}
	t.refresh(sessionID)
	return t.tokens[sessionID]
}

func (t *Tokens) refresh(sessionID string) {
	resp, err := http.Post("https://auth.example/token", "text/plain", strings.NewReader(sessionID))
	if err != nil {
		return
	}
	t.tokens[sessionID] = resp.Header.Get("X-Token")
}

// Near miss: a lookup of what other code wrote (a block list the admin
// API fills): the handler records nothing, so the map is no record of
// work done.
type Mailer struct {
	mu      sync.Mutex
	blocked map[string]bool
}

func (m *Mailer) Send(ctx context.Context, userID, body string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.blocked[userID] {
		return nil
	}
	_, err := http.Post("https://mail.example/send", "text/plain", strings.NewReader(body))
	return err
}

func (m *Mailer) Block(userID string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.blocked[userID] = true
}

// Near miss: a feed fetched once per process; an HTTP GET reads, and
// reading twice doubles nothing.
type Prefetcher struct {
	mu      sync.Mutex
	fetched map[string]bool
}

func (p *Prefetcher) Warm(feedID string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.fetched[feedID] {
		return
	}
	if resp, err := http.Get("https://feeds.example/" + feedID); err == nil {
		resp.Body.Close()
	}
	p.fetched[feedID] = true
}
