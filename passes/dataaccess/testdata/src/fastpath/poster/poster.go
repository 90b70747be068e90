// Package poster is handleronly's handler that also posts to another
// service: http.Post is an effect the tables know, so the package is
// modelled.
package poster // want "SSA built"

import (
	"net/http"
	"strings"
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
		resp, err := http.Post("http://audit.example/hits", "text/plain", strings.NewReader(r.URL.Path))
		if err == nil {
			resp.Body.Close()
		}
	}
}
