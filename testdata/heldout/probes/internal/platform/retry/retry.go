// Package retry runs an operation with exponential backoff.
package retry

import (
	"context"
	"time"
)

type Policy struct {
	Attempts int
	Base     time.Duration
}

var Default = Policy{Attempts: 5, Base: 100 * time.Millisecond}

// Do calls op until it succeeds, the attempts run out or ctx is done.
func Do(ctx context.Context, p Policy, op func(ctx context.Context) error) error {
	var err error
	delay := p.Base
	for i := 0; i < p.Attempts; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		t := time.NewTimer(delay)
		select {
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		case <-t.C:
		}
		delay *= 2
	}
	return err
}
