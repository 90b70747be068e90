// Package retry is a stub of github.com/avast/retry-go/v4.
package retry

import "time"

type Config struct{ attempts uint }

type Option func(*Config)

func Attempts(attempts uint) Option    { return nil }
func Delay(delay time.Duration) Option { return nil }

type RetryableFunc func() error

type RetryableFuncWithData[T any] func() (T, error)

func Do(retryableFunc RetryableFunc, opts ...Option) error { return nil }

func DoWithData[T any](retryableFunc RetryableFuncWithData[T], opts ...Option) (T, error) {
	var t T
	return t, nil
}
