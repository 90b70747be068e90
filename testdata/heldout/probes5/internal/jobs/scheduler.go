// Package jobs holds the periodic jobs. Every API replica runs the same
// in-process scheduler, so each job runs on every replica on its tick.
package jobs

import (
	"context"
	"log/slog"
	"time"
)

// Job is a periodic task.
type Job interface {
	Name() string
	Run(ctx context.Context) error
}

// Every runs job on the given interval until ctx is done.
func Every(ctx context.Context, log *slog.Logger, interval time.Duration, job Job) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			start := time.Now()
			if err := job.Run(ctx); err != nil {
				log.Error("job failed", "job", job.Name(), "err", err)
				continue
			}
			log.Debug("job done", "job", job.Name(), "took", time.Since(start))
		}
	}
}
