// Package handleronly serves HTTP and guards a counter with a mutex: it
// imports net/http and sync for their types, calls none of their
// functions the tables know and reaches no store, so the fast path skips
// it (near miss of poster and memo).
package handleronly // want "no SSA"

import (
	"fmt"
	"net/http"
	"sync"
)

type Hits struct {
	mu   sync.Mutex
	seen map[string]bool
}

func (h *Hits) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.seen[r.URL.Path] {
		h.seen[r.URL.Path] = true
	}
	fmt.Fprintln(w, "ok")
}
