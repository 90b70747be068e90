package attemptkey

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoff4 "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/google/uuid"
	goretry "github.com/sethvargo/go-retry"

	"github.com/idemvet/idemvet/testdata/realworld/attemptkey/retrier"
)

var client = &http.Client{Timeout: 10 * time.Second}

func chargeRequest(ctx context.Context, key string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://payments.example.com/charges", nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Idempotency-Key", key)
	return client.Do(req)
}

func BackoffPerAttempt(ctx context.Context) error {
	return backoff4.Retry(func() error {
		resp, err := chargeRequest(ctx, uuid.NewString()) // want:attemptkey
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff4.WithContext(backoff4.NewExponentialBackOff(), ctx))
}

func BackoffOnce(ctx context.Context) error {
	key := uuid.NewString()
	return backoff4.Retry(func() error {
		resp, err := chargeRequest(ctx, key)
		if err != nil {
			return err
		}
		return resp.Body.Close()
	}, backoff4.WithContext(backoff4.NewExponentialBackOff(), ctx))
}

func BackoffWithData(ctx context.Context) (*http.Response, error) {
	return backoff4.RetryWithData(func() (*http.Response, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://payments.example.com/refunds", nil)
		if err != nil {
			return nil, backoff4.Permanent(err)
		}
		req.Header.Add("x-idempotency-key", uuid.New().String()) // want:attemptkey
		return client.Do(req)
	}, backoff4.NewExponentialBackOff())
}

func BackoffV5(ctx context.Context, orderID string) (*http.Response, error) {
	return backoff5.Retry(ctx, func() (*http.Response, error) {
		key := fmt.Sprintf("%s:%d", orderID, time.Now().UnixNano()) // want:attemptkey
		return chargeRequest(ctx, key)
	}, backoff5.WithMaxTries(5))
}

func BackoffV5Derived(ctx context.Context, orderID string) (*http.Response, error) {
	return backoff5.Retry(ctx, func() (*http.Response, error) {
		return chargeRequest(ctx, "order:"+orderID)
	}, backoff5.WithMaxTries(5))
}

func RetryGo(ctx context.Context) error {
	return retrygo.Do(func() error {
		_, err := chargeRequest(ctx, uuid.Must(uuid.NewRandom()).String()) // want:attemptkey
		return err
	}, retrygo.Attempts(3), retrygo.Context(ctx))
}

func RetryGoResourceID(ctx context.Context, save func(id string) error) (string, error) {
	return retrygo.DoWithData(func() (string, error) {
		id := uuid.NewString()
		return id, save(id)
	}, retrygo.Attempts(3))
}

func GoRetry(ctx context.Context) error {
	b := goretry.WithMaxRetries(3, goretry.NewExponential(100*time.Millisecond))
	return goretry.Do(ctx, b, func(ctx context.Context) error {
		if _, err := chargeRequest(ctx, uuid.NewString()); err != nil { // want:attemptkey
			return goretry.RetryableError(err)
		}
		return nil
	})
}

func HandWritten(ctx context.Context) error {
	return retrier.Do(ctx, 5, func(ctx context.Context) error {
		_, err := chargeRequest(ctx, uuid.NewString()) // want:attemptkey
		return err
	})
}

func HandWrittenBatch(ctx context.Context, orders []string) error {
	return retrier.ForEach(ctx, orders, func(ctx context.Context, order string) error {
		_, err := chargeRequest(ctx, uuid.NewString())
		return err
	})
}

func Loop(ctx context.Context) (*http.Response, error) {
	for attempt := 1; attempt <= 3; attempt++ {
		key := uuid.NewString() // want:attemptkey
		resp, err := chargeRequest(ctx, key)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return nil, errors.New("charge: out of attempts")
}

func LoopOnce(ctx context.Context) (*http.Response, error) {
	key := uuid.NewString()
	for attempt := 1; attempt <= 3; attempt++ {
		resp, err := chargeRequest(ctx, key)
		if err == nil && resp.StatusCode < 500 {
			return resp, nil
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return nil, errors.New("charge: out of attempts")
}

func Batch(ctx context.Context, orders []string) error {
	for _, order := range orders {
		resp, err := chargeRequest(ctx, uuid.NewString())
		if err != nil {
			return fmt.Errorf("order %s: %w", order, err)
		}
		resp.Body.Close()
	}
	return nil
}
