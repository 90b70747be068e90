package memcheck

import (
	"fmt"
	"sync"
)

// Links is the service's store, seen through its interface only: its
// implementation lives in a package that imports this one.
type Links interface {
	CreateLink(url string) (string, error)
	CreateClick(linkID string) error
}

type Tracker struct {
	mu     sync.RWMutex
	links  map[string]string
	clicks map[string]bool
	store  Links
}

// Near miss: the cache keeps what the create returned (a link's id). Two
// callers that both miss call CreateLink twice; whether that makes two
// rows is the create's to say (an upsert returns the one row's id), and
// its name is all this package sees of it.
func (t *Tracker) Link(url string) string {
	t.mu.RLock()
	if id, ok := t.links[url]; ok {
		t.mu.RUnlock()
		return id
	}
	t.mu.RUnlock()
	id, err := t.store.CreateLink(url)
	if err != nil {
		return url
	}
	t.mu.Lock()
	t.links[url] = id
	t.mu.Unlock()
	return fmt.Sprintf("/l/%s", id)
}

// The marker map records that a click was counted, not what the create
// returned: two callers both miss and both count the click.
func (t *Tracker) Click(linkID string) error {
	t.mu.RLock()
	done := t.clicks[linkID] // want `check-then-act race: the map lookup`
	t.mu.RUnlock()
	if done {
		return nil
	}
	if err := t.store.CreateClick(linkID); err != nil {
		return err
	}
	t.mu.Lock()
	t.clicks[linkID] = true
	t.mu.Unlock()
	return nil
}
