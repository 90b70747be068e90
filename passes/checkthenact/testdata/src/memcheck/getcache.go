package memcheck

import (
	"io"
	"net/http"
	"strings"
	"sync"
)

// Answers keeps each idempotency key's answer, in process.
type Answers struct {
	mu      sync.Mutex
	answers map[string][]byte
}

// A POST's answer kept under the request's key: two requests with one key
// both miss and both post.
func (a *Answers) Forward(key, body string) ([]byte, error) {
	a.mu.Lock()
	b, ok := a.answers[key] // want `check-then-act race: the map lookup`
	a.mu.Unlock()
	if ok {
		return b, nil
	}
	resp, err := http.Post("https://ledger.example/transfers", "application/json", strings.NewReader(body))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err = io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	a.mu.Lock()
	a.answers[key] = b
	a.mu.Unlock()
	return b, nil
}

// Near miss: a page fetched with GET and cached; two callers both fetch it
// and both keep it.
func (a *Answers) Page(url string) ([]byte, error) {
	a.mu.Lock()
	b, ok := a.answers[url]
	a.mu.Unlock()
	if ok {
		return b, nil
	}
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err = io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	a.mu.Lock()
	a.answers[url] = b
	a.mu.Unlock()
	return b, nil
}
