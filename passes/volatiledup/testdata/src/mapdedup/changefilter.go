package mapdedup

import (
	"context"
	"net/http"
	"strings"
	"sync"
)

type Presence struct {
	Status string
	Note   string
}

// PresenceEvent is a broker message: its user's presence changed.
type PresenceEvent struct {
	ID       string
	UserID   string
	Presence Presence
}

func publishPresence(userID string, p Presence) {
	http.Post("https://presence.example/"+userID, "text/plain", strings.NewReader(p.Status))
}

type PresenceRelay struct {
	last sync.Map
}

// Near miss: the memory keeps the last presence sent per user, and the
// send is skipped only when the new one is the same; when it forgets,
// the current presence is sent once more.
func (r *PresenceRelay) Handle(ctx context.Context, ev PresenceEvent) error {
	prev, seen := r.last.LoadOrStore(ev.UserID, ev.Presence)
	if seen && prev.(Presence).Status == ev.Presence.Status {
		return nil
	}
	r.last.Store(ev.UserID, ev.Presence)
	publishPresence(ev.UserID, ev.Presence)
	return nil
}

// Near miss: the same filter with the values kept in locals, the new one
// changed in place before it is remembered.
func (r *PresenceRelay) HandleNoted(ctx context.Context, ev PresenceEvent) error {
	current := ev.Presence
	current.Note = "relayed"
	prev, seen := r.last.LoadOrStore(ev.UserID, current)
	if seen {
		p := prev.(Presence)
		if p.Status == current.Status {
			return nil
		}
	}
	r.last.Store(ev.UserID, current)
	publishPresence(ev.UserID, current)
	return nil
}

// The memory records that the event was handled: forgotten, the event
// is published again.
func (r *PresenceRelay) HandleOnce(ctx context.Context, ev PresenceEvent) error {
	if _, seen := r.last.LoadOrStore(ev.ID, ev.Presence); seen { // want `volatile dedup memory: the in-process sync.Map r.last`
		return nil
	}
	publishPresence(ev.UserID, ev.Presence)
	return nil
}
