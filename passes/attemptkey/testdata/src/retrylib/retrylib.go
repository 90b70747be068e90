// Package retrylib has hand-written retry helpers; their facts carry the
// retried parameter to other packages.
package retrylib

import (
	"context"
	"time"

	backoff4 "github.com/cenkalti/backoff/v4"
)

// Do calls fn until it succeeds, at most attempts times.
func Do(ctx context.Context, attempts int, fn func(context.Context) error) error { // want Do:"retries param 2"
	var err error
	for i := 0; i < attempts; i++ {
		if err = fn(ctx); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i) * 100 * time.Millisecond):
		}
	}
	return err
}

// Wrap hands fn to a library helper.
func Wrap(fn func() error) error { // want Wrap:"retries param 0"
	return backoff4.Retry(fn, backoff4.NewExponentialBackOff())
}

// Client retries inside a closure it gives the library.
type Client struct{ b backoff4.BackOff }

func (c *Client) WithRetry(ctx context.Context, op func(context.Context) error) error { // want WithRetry:"retries param 1"
	return backoff4.Retry(func() error { return op(ctx) }, c.b)
}

// Each is a batch: fn runs once per item, not once per attempt.
func Each(items []string, fn func(string) error) error {
	for _, it := range items {
		if err := fn(it); err != nil {
			return err
		}
	}
	return nil
}

// Poll calls fn on every tick: a periodic job, not a retry.
func Poll(ctx context.Context, every time.Duration, fn func() error) {
	for {
		fn()
		time.Sleep(every)
	}
}

// Runner retries through a method that makes one attempt.
type Runner struct{ Attempts int }

func (r *Runner) Run(ctx context.Context, op func(context.Context) error) error { // want Run:"retries param 1"
	var err error
	for attempt := 1; attempt <= r.Attempts; attempt++ {
		if err = r.once(ctx, op); err == nil {
			return nil
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return err
}

func (r *Runner) once(ctx context.Context, op func(context.Context) error) error {
	return op(ctx)
}

// Apply hands op to a method that calls it once; no retry.
func (r *Runner) Apply(ctx context.Context, op func(context.Context) error) error {
	return r.once(ctx, op)
}
