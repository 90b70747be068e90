// Package backoff is a stub of github.com/cenkalti/backoff/v4.
package backoff

import "time"

type BackOff interface {
	NextBackOff() time.Duration
	Reset()
}

type ExponentialBackOff struct {
	InitialInterval time.Duration
	MaxElapsedTime  time.Duration
}

type ExponentialBackOffOpts func(*ExponentialBackOff)

func NewExponentialBackOff(opts ...ExponentialBackOffOpts) *ExponentialBackOff {
	return &ExponentialBackOff{}
}
func (b *ExponentialBackOff) NextBackOff() time.Duration { return 0 }
func (b *ExponentialBackOff) Reset()                     {}

func WithMaxRetries(b BackOff, max uint64) BackOff { return b }

type Operation func() error

type OperationWithData[T any] func() (T, error)

type Notify func(error, time.Duration)

func Retry(o Operation, b BackOff) error                                { return nil }
func RetryWithData[T any](o OperationWithData[T], b BackOff) (T, error) { var t T; return t, nil }
func RetryNotify(operation Operation, b BackOff, notify Notify) error   { return nil }
func RetryNotifyWithData[T any](operation OperationWithData[T], b BackOff, notify Notify) (T, error) {
	var t T
	return t, nil
}

type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return "" }

func Permanent(err error) error { return &PermanentError{Err: err} }
