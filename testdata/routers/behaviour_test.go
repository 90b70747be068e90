package routers_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/idemvet/idemvet/runtime/idemhttp"
)

// The first request executes once; its identical retry replays it, marked.
func TestFirstRequestThenReplay(t *testing.T) {
	for _, rt := range routers {
		t.Run(rt.name, func(t *testing.T) {
			a := newApp(t, rt, idemhttp.Options{})
			first := a.post("/payments", "k1", "100")
			if first.status != http.StatusCreated || first.replayed() || first.header.Get("Location") == "" {
				t.Fatalf("first: %+v", first)
			}
			again := a.post("/payments", "k1", "100")
			switch {
			case again.status != first.status || again.body != first.body:
				t.Fatalf("retry got %d %s, want the replay of %d %s", again.status, again.body, first.status, first.body)
			case !again.replayed():
				t.Fatalf("retry not marked as a replay: %v", again.header)
			case again.header.Get("Location") != first.header.Get("Location") ||
				again.header.Get("Content-Type") != first.header.Get("Content-Type"):
				t.Fatalf("replayed headers %v, want those of %v", again.header, first.header)
			}
			if runs, rows := a.runs.Load(), a.rows(); runs != 1 || rows != 1 {
				t.Fatalf("%d handler runs, %d payments; want 1, 1", runs, rows)
			}
			// Near misses: another key executes; the same key with another
			// payload is refused.
			if other := a.post("/payments", "k2", "100"); other.status != http.StatusCreated || other.replayed() || other.body == first.body {
				t.Fatalf("another key: %+v", other)
			}
			if reused := a.post("/payments", "k1", "999"); reused.status != http.StatusUnprocessableEntity {
				t.Fatalf("same key, another payload: %+v", reused)
			}
			if runs, rows := a.runs.Load(), a.rows(); runs != 2 || rows != 2 {
				t.Fatalf("%d handler runs, %d payments; want 2, 2", runs, rows)
			}
		})
	}
}

// Duplicates sent while the first request holds its claim get 409 with
// Retry-After at once; the first then completes, and later retries replay.
func TestConcurrentDuplicateGets409(t *testing.T) {
	const duplicates = 4
	for _, rt := range routers {
		t.Run(rt.name, func(t *testing.T) {
			a := newApp(t, rt, idemhttp.Options{})
			type result struct {
				r   response
				err error
			}
			first := make(chan result, 1)
			go func() {
				r, err := a.do("/payments", "k", "slow")
				first <- result{r, err}
			}()
			released := false
			release := func() {
				if !released {
					released = true
					close(a.release)
				}
			}
			defer release() // a failed test must not leave the handler hanging
			select {
			case <-a.started:
			case <-time.After(10 * time.Second):
				t.Fatal("the first request did not reach its handler")
			}

			start := make(chan struct{})
			dups := make(chan result, duplicates)
			for range duplicates {
				go func() {
					<-start
					r, err := a.do("/payments", "k", "slow")
					dups <- result{r, err}
				}()
			}
			close(start)
			for range duplicates {
				var d result
				select {
				case d = <-dups:
				case <-time.After(10 * time.Second):
					t.Fatal("a duplicate was not answered while the first request ran")
				}
				switch {
				case d.err != nil:
					t.Fatal(d.err)
				case d.r.status != http.StatusConflict || d.r.header.Get("Retry-After") == "":
					t.Fatalf("duplicate: %+v; want 409 with Retry-After", d.r)
				case d.r.header.Get("Content-Type") != "application/problem+json" || !strings.Contains(d.r.body, "#key-in-use"):
					t.Fatalf("duplicate: %+v; want the key-in-use problem", d.r)
				}
			}
			// Near miss: another key is not held up by the first one.
			if other := a.post("/payments", "other", "100"); other.status != http.StatusCreated {
				t.Fatalf("another key while the first ran: %+v", other)
			}

			release()
			f := <-first
			if f.err != nil || f.r.status != http.StatusCreated || f.r.replayed() {
				t.Fatalf("first: %+v, %v", f.r, f.err)
			}
			if again := a.post("/payments", "k", "slow"); !again.replayed() || again.body != f.r.body {
				t.Fatalf("after the first finished: %+v, want the replay of %s", again, f.r.body)
			}
			if runs, rows := a.runs.Load(), a.rows(); runs != 2 || rows != 2 {
				t.Fatalf("%d handler runs, %d payments; want 2, 2 (k once, other once)", runs, rows)
			}
		})
	}
}

// A handler that answers an error the framework's way: a refusal (4xx) is
// stored with its body and replayed, never as an empty 200; a failure (5xx)
// is rolled back with the handler's writes, and the retry executes.
func TestHandlerErrors(t *testing.T) {
	for _, rt := range routers {
		t.Run(rt.name, func(t *testing.T) {
			a := newApp(t, rt, idemhttp.Options{})
			declined := a.post("/payments", "k1", "declined")
			if declined.status != http.StatusPaymentRequired || !strings.Contains(declined.body, "card declined") || declined.replayed() {
				t.Fatalf("declined: %+v; want 402 saying why", declined)
			}
			again := a.post("/payments", "k1", "declined")
			if again.status != http.StatusPaymentRequired || again.body != declined.body || !again.replayed() {
				t.Fatalf("declined, retried: %+v; want the replay of %d %s", again, declined.status, declined.body)
			}
			if runs, rows := a.runs.Load(), a.rows(); runs != 1 || rows != 1 {
				t.Fatalf("%d handler runs, %d payments after the refusal; want 1, 1", runs, rows)
			}

			for attempt := 1; attempt <= 2; attempt++ {
				if down := a.post("/payments", "k2", "down"); down.status != http.StatusInternalServerError || down.replayed() {
					t.Fatalf("failure, attempt %d: %+v; want a fresh 500", attempt, down)
				}
			}
			if runs, rows, claims := a.runs.Load(), a.rows(), a.claims(); runs != 3 || rows != 1 || claims != 1 {
				t.Fatalf("%d handler runs, %d payments, %d claims; want 3, 1, 1: a 500 is rolled back", runs, rows, claims)
			}
		})
	}
}

// Routes mounted without the middleware need no key and run outside any
// claim; the near miss, the wrapped route, refuses a request without one.
func TestUnwrappedRoutesNeedNoKey(t *testing.T) {
	for _, rt := range routers {
		t.Run(rt.name, func(t *testing.T) {
			a := newApp(t, rt, idemhttp.Options{})
			if r := a.post("/quotes", "", "100"); r.status != http.StatusOK || r.body != "in a claim transaction: false" {
				t.Fatalf("unwrapped route: %+v", r)
			}
			if r := a.post("/payments", "", "100"); r.status != http.StatusBadRequest || !strings.Contains(r.body, "#key-missing") {
				t.Fatalf("wrapped route without a key: %+v", r)
			}
			if a.runs.Load() != 0 || a.claims() != 0 {
				t.Fatal("a request without a key ran the payment or claimed")
			}
		})
	}
}
