package memcheck

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
	"time"
)

// Tokens is an in-process store whose methods each take the lock: a
// caller checks with one call and records with another.
type Tokens struct {
	mu     sync.RWMutex
	tokens map[string]time.Time
}

func (t *Tokens) Exists(k string) bool {
	t.mu.RLock()
	defer t.mu.RUnlock()
	_, ok := t.tokens[k]
	return ok
}

func (t *Tokens) Set(k string) {
	t.mu.Lock()
	t.tokens[k] = time.Now()
	t.mu.Unlock()
}

// SetIfAbsent checks and records under one lock.
func (t *Tokens) SetIfAbsent(k string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.tokens[k]; ok {
		return false
	}
	t.tokens[k] = time.Now()
	return true
}

var errSent = errors.New("already sent")

// Two requests both find the address unrecorded and both send.
func SendInvite(t *Tokens, email string) error {
	if t.Exists(email) { // want `check-then-act race: the existence check Exists and the insert at line \d+ are separate steps`
		return errSent
	}
	if _, err := http.Post("https://mail.example/send?to="+email, "text/plain", nil); err != nil {
		return err
	}
	t.Set(email)
	return nil
}

// Near miss: the store's one method checks and records under its lock.
func SendInviteOnce(t *Tokens, email string) error {
	if !t.SetIfAbsent(email) {
		return errSent
	}
	_, err := http.Post("https://mail.example/send?to="+email, "text/plain", nil)
	return err
}

type Inviter struct {
	mu     sync.Mutex
	tokens *Tokens
}

// Near miss: the caller holds a mutex of its own across the check and the
// record.
func (iv *Inviter) Send(email string) error {
	iv.mu.Lock()
	defer iv.mu.Unlock()
	if iv.tokens.Exists(email) {
		return errSent
	}
	if _, err := http.Post("https://mail.example/send?to="+email, "text/plain", nil); err != nil {
		return err
	}
	iv.tokens.Set(email)
	return nil
}

// Unlocked is the same store without a mutex: not shared between
// goroutines, or racing on its map anyway, which the race detector finds.
type Unlocked struct {
	tokens map[string]bool
}

func (u *Unlocked) Exists(k string) bool { return u.tokens[k] }
func (u *Unlocked) Set(k string)         { u.tokens[k] = true }

// Near miss: the store takes no lock.
func SendInviteUnlocked(u *Unlocked, email string) error {
	if u.Exists(email) {
		return errSent
	}
	if _, err := http.Post("https://mail.example/send?to="+email, "text/plain", nil); err != nil {
		return err
	}
	u.Set(email)
	return nil
}

// Answers keeps each idempotency key's answer, in process.
type Answers struct {
	mu      sync.Mutex
	answers map[string][]byte
}

func (a *Answers) Get(key string) ([]byte, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	b, ok := a.answers[key]
	return b, ok
}

func (a *Answers) Put(key string, b []byte) {
	a.mu.Lock()
	a.answers[key] = b
	a.mu.Unlock()
}

// A POST's answer kept under the request's key: two requests with one key
// both miss and both post.
func Forward(a *Answers, key, body string) ([]byte, error) {
	if b, ok := a.Get(key); ok { // want `check-then-act race: the existence check Get and the insert at line \d+ are separate steps`
		return b, nil
	}
	resp, err := http.Post("https://ledger.example/transfers", "application/json", strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	a.Put(key, b)
	return b, nil
}

// Near miss: a page fetched with GET and cached; two callers both fetch it
// and both keep it.
func Page(a *Answers, url string) ([]byte, error) {
	if b, ok := a.Get(url); ok {
		return b, nil
	}
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	a.Put(url, b)
	return b, nil
}

// Deliveries remembers handled ids in a sync.Map field.
type Deliveries struct{ handled sync.Map }

func (d *Deliveries) Handled(id string) bool {
	_, ok := d.handled.Load(id)
	return ok
}

func (d *Deliveries) MarkHandled(id string) { d.handled.Store(id, true) }

// First reports whether id was not handled yet, and marks it, in one step.
func (d *Deliveries) First(id string) bool {
	_, loaded := d.handled.LoadOrStore(id, true)
	return !loaded
}

// Two deliveries of one id both find it unhandled and both apply it.
func Deliver(d *Deliveries, id string) error {
	if d.Handled(id) { // want `check-then-act race: the existence check Handled and the insert at line \d+ are separate steps`
		return nil
	}
	if _, err := http.Post("https://ledger.example/apply?id="+id, "text/plain", nil); err != nil {
		return err
	}
	d.MarkHandled(id)
	return nil
}

// Near miss: LoadOrStore marks and tells in one step.
func DeliverOnce(d *Deliveries, id string) error {
	if !d.First(id) {
		return nil
	}
	_, err := http.Post("https://ledger.example/apply?id="+id, "text/plain", nil)
	return err
}
