// Package backoff is a stub of github.com/cenkalti/backoff/v5.
package backoff

import (
	"context"
	"time"
)

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

type ExponentialBackOff struct{ InitialInterval time.Duration }

func NewExponentialBackOff() *ExponentialBackOff         { return &ExponentialBackOff{} }
func (b *ExponentialBackOff) NextBackOff() time.Duration { return 0 }
func (b *ExponentialBackOff) Reset()                     {}

type Operation[T any] func() (T, error)

type retryOptions struct{ BackOff BackOff }

type RetryOption func(*retryOptions)

func WithBackOff(b BackOff) RetryOption { return nil }
func WithMaxTries(n uint) RetryOption   { return nil }

func Retry[T any](ctx context.Context, operation Operation[T], opts ...RetryOption) (T, error) {
	var t T
	return t, nil
}
