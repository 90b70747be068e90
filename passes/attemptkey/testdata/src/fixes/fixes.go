// Package fixes has per-attempt keys whose minting statement can be
// hoisted out of the retry, and some where it cannot.
package fixes

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

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

// No fix: the minting statement is not at the top level of the loop.
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

// No fix: the name is taken after the loop.
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
