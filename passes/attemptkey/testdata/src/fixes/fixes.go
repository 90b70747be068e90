// Package fixes has per-attempt keys whose minting statement can be
// hoisted out of the retry, and some where it cannot.
package fixes

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	retry "github.com/avast/retry-go/v4"
	backoff4 "github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
)

var client = &http.Client{}

func send(ctx context.Context, key string) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", nil)
	req.Header.Set("Idempotency-Key", key)
	_, err := client.Do(req)
	return err
}

func loop(ctx context.Context) error {
	for attempt := 0; attempt < 3; attempt++ {
		key := uuid.NewString() // want "minted on every attempt"
		if err := send(ctx, key); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errors.New("gave up")
}

func labeled(ctx context.Context) error {
retry:
	for attempt := 0; attempt < 3; attempt++ {
		key := fmt.Sprintf("charge-%s", uuid.New().String()) // want "minted on every attempt"
		if err := send(ctx, key); err != nil {
			continue retry
		}
		break
	}
	return nil
}

func closure(ctx context.Context, orderID string) error {
	b := backoff4.NewExponentialBackOff()
	return backoff4.Retry(func() error {
		key := orderID + "-" + uuid.NewString() // want "minted on every attempt"
		return send(ctx, key)
	}, b)
}

func ifInit(ctx context.Context) error {
	if err := backoff4.Retry(func() error {
		key := uuid.NewString() // want "minted on every attempt"
		return send(ctx, key)
	}, backoff4.NewExponentialBackOff()); err != nil {
		return err
	}
	return nil
}

// No fix: the key depends on the attempt number.
func perAttemptOperand(ctx context.Context) error {
	for attempt := 0; attempt < 3; attempt++ {
		key := fmt.Sprintf("%d-%s", attempt, uuid.NewString()) // want "minted on every attempt"
		if err := send(ctx, key); err == nil {
			return nil
		}
	}
	return errors.New("gave up")
}

// Not at the top level of the loop: the key is declared before it.
func nested(ctx context.Context, verbose bool) error {
	for attempt := 0; attempt < 3; attempt++ {
		if verbose {
			key := uuid.NewString() // want "minted on every attempt"
			if err := send(ctx, key); err == nil {
				return nil
			}
			continue
		}
		if err := send(ctx, "fixed"); err == nil {
			return nil
		}
	}
	return errors.New("gave up")
}

// The name is taken after the loop: the key gets a name of its own.
func nameTaken(ctx context.Context) (string, error) {
	for attempt := 0; attempt < 3; attempt++ {
		key := uuid.NewString() // want "minted on every attempt"
		if err := send(ctx, key); err == nil {
			break
		}
	}
	key := "done"
	return key, nil
}

// The shapes ordinary retry code takes, each with the key minted in the
// argument list rather than on a statement of its own.

// A loop that keeps the last error and sleeps between attempts.
func lastErrInline(ctx context.Context) error {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", nil)
		req.Header.Set("Idempotency-Key", uuid.NewString()) // want "minted on every attempt"
		if _, err := client.Do(req); err != nil {
			lastErr = err
			time.Sleep(time.Duration(attempt+1) * time.Second)
			continue
		}
		return nil
	}
	return lastErr
}

// A loop that waits on a timer or the context between attempts.
func selectTimer(ctx context.Context) error {
	for attempt := 0; ; attempt++ {
		err := send(ctx, uuid.New().String()) // want "minted on every attempt"
		if err == nil || attempt == 4 {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Second << attempt):
		}
	}
}

// A retry-go closure.
func retryGoInline(ctx context.Context) error {
	return retry.Do(func() error {
		return send(ctx, uuid.NewString()) // want "minted on every attempt"
	}, retry.Attempts(3))
}

// No fix: the inline key depends on the attempt number.
func inlinePerAttempt(ctx context.Context) error {
	for attempt := 0; attempt < 3; attempt++ {
		if err := send(ctx, fmt.Sprint(attempt, uuid.NewString())); err == nil { // want "minted on every attempt"
			return nil
		}
	}
	return errors.New("gave up")
}
