// Package retrier is a hand-written retry helper, known to its callers in
// other packages through a fact.
package retrier

import (
	"context"
	"time"
)

// Do runs op until it succeeds or attempts run out.
func Do(ctx context.Context, attempts int, op func(context.Context) error) error {
	var err error
	for i := 0; i < attempts; i++ {
		if err = op(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * 100 * time.Millisecond):
		}
	}
	return err
}

// ForEach runs op once per item: a batch, not a retry.
func ForEach(ctx context.Context, items []string, op func(context.Context, string) error) error {
	for _, it := range items {
		if err := op(ctx, it); err != nil {
			return err
		}
	}
	return nil
}
