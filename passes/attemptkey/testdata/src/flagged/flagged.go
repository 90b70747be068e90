// Package flagged uses a retry helper and a key header that only the
// -retry and -keyheaders flags make known.
package flagged

import (
	"context"
	"net/http"

	"github.com/google/uuid"
)

var client = &http.Client{}

// Scheduler runs jobs on a queue that retries them; its body is opaque.
type Scheduler struct{ run func(func() error) }

func (s *Scheduler) Submit(name string, job func() error) { s.run(job) }

func (s *Scheduler) Inspect(name string, job func() error) { s.run(job) }

func submit(ctx context.Context, s *Scheduler) {
	s.Submit("charge", func() error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", nil)
		req.Header.Set("X-Request-Key", uuid.NewString()) // want "minted on every attempt"
		_, err := client.Do(req)
		return err
	})
}

// Near miss: Inspect is not named by -retry.
func inspect(ctx context.Context, s *Scheduler) {
	s.Inspect("charge", func() error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", nil)
		req.Header.Set("X-Request-Key", uuid.NewString())
		_, err := client.Do(req)
		return err
	})
}

// Near miss: a header -keyheaders does not name.
func otherHeader(ctx context.Context, s *Scheduler) {
	s.Submit("charge", func() error {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", nil)
		req.Header.Set("X-Trace-Id", uuid.NewString())
		_, err := client.Do(req)
		return err
	})
}
