package memcheck

import (
	"database/sql"
	"net/http"
	"sync"
)

var seen sync.Map

func handle(id string) error {
	if _, ok := seen.Load(id); ok { // want `check-then-act race: the existence check Load`
		return nil
	}
	seen.Store(id, true)
	_, err := http.Post("https://ledger.example/apply?id="+id, "", nil)
	return err
}

// Near miss: LoadOrStore.
func handleAtomic(id string) error {
	if _, loaded := seen.LoadOrStore(id, true); loaded {
		return nil
	}
	_, err := http.Post("https://ledger.example/apply?id="+id, "", nil)
	return err
}

// Near miss: a memo cache; computing twice is harmless.
func memo(id string) any {
	if v, ok := seen.Load(id); ok {
		return v
	}
	v := len(id)
	seen.Store(id, v)
	return v
}

type Dedup struct {
	mu   sync.Mutex
	seen map[string]bool
}

func (d *Dedup) Process(id string) error {
	d.mu.Lock()
	_, ok := d.seen[id] // want `check-then-act race: the map lookup`
	d.mu.Unlock()
	if ok {
		return nil
	}
	_, err := http.Post("https://ledger.example/apply?id="+id, "", nil)
	d.mu.Lock()
	d.seen[id] = true
	d.mu.Unlock()
	return err
}

// Near miss: one mutex held across check and insert.
func (d *Dedup) ProcessLocked(id string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.seen[id] {
		return nil
	}
	if _, ok := d.seen[id]; ok {
		return nil
	}
	d.seen[id] = true
	_, err := http.Post("https://ledger.example/apply?id="+id, "", nil)
	return err
}

// Near miss: a map no goroutine shares (no mutex in sight).
func localDedup(ids []string) {
	done := map[string]bool{}
	for _, id := range ids {
		if _, ok := done[id]; ok {
			continue
		}
		done[id] = true
		http.Post("https://ledger.example/apply?id="+id, "", nil)
	}
}

// Near miss: double-checked locking; the second lookup runs under the lock
// that the insert is made under.
func (d *Dedup) ProcessDoubleChecked(id string) error {
	d.mu.Lock()
	_, ok := d.seen[id]
	d.mu.Unlock()
	if ok {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.seen[id]; ok {
		return nil
	}
	_, err := http.Post("https://ledger.example/apply?id="+id, "", nil)
	d.seen[id] = true
	return err
}

var initialized sync.Map

// Near miss: a memo in front of idempotent work (an upsert); running it
// twice does no harm.
func ensureTopic(db *sql.DB, topic string) error {
	if _, ok := initialized.Load(topic); ok {
		return nil
	}
	if err := upsertTopic(db, topic); err != nil {
		return err
	}
	initialized.Store(topic, struct{}{})
	return nil
}

func upsertTopic(db *sql.DB, topic string) error {
	_, err := db.Exec("INSERT INTO topics (name) VALUES ($1) ON CONFLICT (name) DO NOTHING", topic)
	return err
}

// The same memo in front of a plain insert duplicates rows.
func recordTopic(db *sql.DB, topic string) error {
	if _, ok := initialized.Load(topic); ok { // want `check-then-act race: the existence check Load`
		return nil
	}
	if err := insertTopicEvent(db, topic); err != nil {
		return err
	}
	initialized.Store(topic, struct{}{})
	return nil
}

func insertTopicEvent(db *sql.DB, topic string) error {
	_, err := db.Exec("INSERT INTO topic_events (name) VALUES ($1)", topic)
	return err
}

type Ledger struct {
	mu     sync.Mutex
	posted map[string]bool
	db     *sql.DB
}

func (l *Ledger) Post(transferID string) error {
	l.mu.Lock()
	done := l.posted[transferID] // want `check-then-act race: the map lookup`
	l.mu.Unlock()
	if done {
		return nil
	}
	if _, err := l.db.Exec("INSERT INTO ledger (transfer_id) VALUES ($1)", transferID); err != nil {
		return err
	}
	l.mu.Lock()
	l.posted[transferID] = true
	l.mu.Unlock()
	return nil
}

// Near miss: the marker map is read and written under one held lock.
func (l *Ledger) PostLocked(transferID string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.posted[transferID] {
		return nil
	}
	if _, err := l.db.Exec("INSERT INTO ledger (transfer_id) VALUES ($1)", transferID); err != nil {
		return err
	}
	l.posted[transferID] = true
	return nil
}

type Client struct {
	mu    sync.Mutex
	swept map[string]struct{}
	subs  map[string]int
}

type Request struct{ Channel string }

func (c *Client) wasSwept(req *Request) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.swept[req.Channel]
	return ok
}

func (c *Client) subscribe(req *Request) {
	c.mu.Lock()
	c.subs[req.Channel]++
	c.mu.Unlock()
}

// Near miss: two methods that only keep the client's own maps are not a
// data-access check and insert of one resource.
func (c *Client) handle(req *Request) {
	if c.wasSwept(req) {
		return
	}
	c.subscribe(req)
}
