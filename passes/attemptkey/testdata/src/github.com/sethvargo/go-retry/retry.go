// Package retry is a stub of github.com/sethvargo/go-retry.
package retry

import (
	"context"
	"time"
)

type Backoff interface {
	Next() (next time.Duration, stop bool)
}

func NewConstant(t time.Duration) Backoff             { return nil }
func WithMaxRetries(max uint64, next Backoff) Backoff { return next }

type RetryFunc func(ctx context.Context) error

type RetryFuncValue[T any] func(ctx context.Context) (T, error)

func RetryableError(err error) error { return err }

func Do(ctx context.Context, b Backoff, f RetryFunc) error { return nil }

func DoValue[T any](ctx context.Context, b Backoff, f RetryFuncValue[T]) (T, error) {
	var t T
	return t, nil
}
