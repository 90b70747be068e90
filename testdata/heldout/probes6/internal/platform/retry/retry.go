// Package retry runs an operation with exponential backoff.
package retry

import (
	"context"
	"errors"
	"time"
)

// Permanent wraps an error that must not be retried.
type Permanent struct{ Err error }

func (p Permanent) Error() string { return p.Err.Error() }
func (p Permanent) Unwrap() error { return p.Err }

// Do calls fn until it succeeds, returns a Permanent error, or attempts
// are exhausted.
func Do(ctx context.Context, attempts int, base time.Duration, fn func(ctx context.Context) error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = fn(ctx); err == nil {
			return nil
		}
		var perm Permanent
		if errors.As(err, &perm) {
			return perm.Err
		}
		if i == attempts-1 {
			break
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(base << i):
		}
	}
	return err
}
