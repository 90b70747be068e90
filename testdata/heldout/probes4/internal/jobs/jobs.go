// Package jobs holds the periodic jobs. Every replica of the server runs the
// scheduler.
package jobs

import (
	"context"
	"log/slog"
	"time"
)

type Job interface {
	Name() string
	Run(ctx context.Context) error
}

type Scheduler struct {
	every time.Duration
	jobs  []Job
}

func NewScheduler(every time.Duration, jobs ...Job) *Scheduler {
	return &Scheduler{every: every, jobs: jobs}
}

func (s *Scheduler) Start(ctx context.Context) {
	t := time.NewTicker(s.every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			for _, j := range s.jobs {
				start := time.Now()
				if err := j.Run(ctx); err != nil {
					slog.ErrorContext(ctx, "job failed", "job", j.Name(), "err", err)
					continue
				}
				slog.DebugContext(ctx, "job done", "job", j.Name(), "took", time.Since(start))
			}
		}
	}
}
