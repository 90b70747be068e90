package checkthenact

import (
	"context"
	"database/sql"
	"net/http"
	"net/url"
	"sync"
)

// Mailer sends each welcome mail once per process.
type Mailer struct {
	sent sync.Map // user id -> struct{}
	hc   *http.Client
}

// Welcome loads the marker and, when absent, calls the mail service and
// stores the marker: two goroutines both miss and both send.
func (m *Mailer) Welcome(ctx context.Context, userID, address string) error {
	if _, ok := m.sent.Load(userID); ok { // want:checkthenact
		return nil
	}
	resp, err := m.hc.PostForm("https://mail.example/send", url.Values{"to": {address}, "template": {"welcome"}})
	if err != nil {
		return err
	}
	resp.Body.Close()
	m.sent.Store(userID, struct{}{})
	return nil
}

// WelcomeLoadOrStore claims the marker atomically: only the goroutine that
// stored it sends. No race for checkthenact; the claim still lives in the
// process, which volatiledup reports.
func (m *Mailer) WelcomeLoadOrStore(ctx context.Context, userID, address string) error {
	if _, loaded := m.sent.LoadOrStore(userID, struct{}{}); loaded { // want:volatiledup
		return nil
	}
	resp, err := m.hc.PostForm("https://mail.example/send", url.Values{"to": {address}, "template": {"welcome"}})
	if err != nil {
		m.sent.Delete(userID)
		return err
	}
	resp.Body.Close()
	return nil
}

// Templates caches parsed templates; a miss parses and stores, a pure
// computation that may safely run twice.
type Templates struct {
	cache sync.Map // name -> string
}

// Get returns the cached template or fills the cache.
func (t *Templates) Get(name string, parse func(string) string) string {
	if v, ok := t.cache.Load(name); ok {
		return v.(string)
	}
	v := parse(name)
	t.cache.Store(name, v)
	return v
}

// Ledger posts each transfer once, remembering posted ids in a map guarded
// by a mutex.
type Ledger struct {
	mu     sync.Mutex
	posted map[string]bool
	db     *sql.DB
}

// Post checks the map under the lock, releases it, writes the entry and
// marks it: between the unlock and the mark, a second Post of the same
// transfer also finds nothing and writes again.
func (l *Ledger) Post(ctx context.Context, transferID string, amount int64) error {
	l.mu.Lock()
	done := l.posted[transferID] // want:checkthenact
	l.mu.Unlock()
	if done {
		return nil
	}
	if _, err := l.db.ExecContext(ctx, `INSERT INTO ledger_entries (transfer_id, amount) VALUES ($1, $2)`, transferID, amount); err != nil {
		return err
	}
	l.mu.Lock()
	l.posted[transferID] = true
	l.mu.Unlock()
	return nil
}

// PostLocked holds the one mutex across the check, the write and the mark:
// no race for checkthenact, but the map forgets on restart (volatiledup).
func (l *Ledger) PostLocked(ctx context.Context, transferID string, amount int64) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.posted[transferID] { // want:volatiledup
		return nil
	}
	if _, err := l.db.ExecContext(ctx, `INSERT INTO ledger_entries (transfer_id, amount) VALUES ($1, $2)`, transferID, amount); err != nil {
		return err
	}
	l.posted[transferID] = true
	return nil
}
