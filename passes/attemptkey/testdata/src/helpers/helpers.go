// Package helpers retries with library helpers: the function handed to the
// helper runs once per attempt.
package helpers

import (
	"context"
	"errors"
	"net/http"
	"time"

	retrygo "github.com/avast/retry-go/v4"
	backoff4 "github.com/cenkalti/backoff/v4"
	backoff5 "github.com/cenkalti/backoff/v5"
	"github.com/google/uuid"
	goretry "github.com/sethvargo/go-retry"
	stripe "github.com/stripe/stripe-go/v82"
	"github.com/stripe/stripe-go/v82/paymentintent"
	k8sretry "k8s.io/client-go/util/retry"
)

var client = &http.Client{}

func post(ctx context.Context, key string) error {
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", nil)
	req.Header.Set("Idempotency-Key", key)
	_, err := client.Do(req)
	return err
}

func backoffV4(ctx context.Context) error {
	return backoff4.Retry(func() error {
		params := &stripe.PaymentIntentParams{Amount: stripe.Int64(100)}
		params.IdempotencyKey = stripe.String(uuid.NewString()) // want "minted on every attempt"
		_, err := paymentintent.New(params)
		return err
	}, backoff4.NewExponentialBackOff())
}

// Near miss: the key is minted before the helper and captured.
func backoffV4Stable(ctx context.Context) error {
	params := &stripe.PaymentIntentParams{Amount: stripe.Int64(100)}
	params.IdempotencyKey = stripe.String(uuid.NewString())
	return backoff4.Retry(func() error {
		_, err := paymentintent.New(params)
		return err
	}, backoff4.NewExponentialBackOff())
}

// Near miss: the key is filled in only when empty, so the first attempt
// sets it and every later attempt reuses it.
func backoffV4Default(ctx context.Context, params *stripe.PaymentIntentParams) error {
	return backoff4.Retry(func() error {
		if params.IdempotencyKey == nil {
			params.IdempotencyKey = stripe.String(uuid.NewString())
		}
		_, err := paymentintent.New(params)
		return err
	}, backoff4.NewExponentialBackOff())
}

func backoffV4Notify(ctx context.Context) error {
	notify := func(err error, d time.Duration) {}
	return backoff4.RetryNotify(func() error {
		params := &stripe.PaymentIntentParams{}
		params.SetIdempotencyKey(stripe.NewIdempotencyKey()) // want "minted on every attempt"
		_, err := paymentintent.New(params)
		return err
	}, backoff4.NewExponentialBackOff(), notify)
}

// Near miss: the helper returns a key minted in the operation; it is used
// once, after the retry.
func backoffV4WithData(ctx context.Context) error {
	key, err := backoff4.RetryWithData(func() (string, error) {
		return uuid.NewString(), nil
	}, backoff4.NewExponentialBackOff())
	if err != nil {
		return err
	}
	return post(ctx, key)
}

func backoffV4WithDataPositive(ctx context.Context) (*stripe.PaymentIntent, error) {
	return backoff4.RetryWithData(func() (*stripe.PaymentIntent, error) {
		params := &stripe.PaymentIntentParams{}
		params.IdempotencyKey = stripe.String(uuid.New().String()) // want "minted on every attempt"
		return paymentintent.New(params)
	}, backoff4.NewExponentialBackOff())
}

func backoffV5(ctx context.Context) (*stripe.PaymentIntent, error) {
	return backoff5.Retry(ctx, func() (*stripe.PaymentIntent, error) {
		params := &stripe.PaymentIntentParams{Params: stripe.Params{IdempotencyKey: stripe.String(uuid.NewString())}} // want "minted on every attempt"
		return paymentintent.New(params)
	}, backoff5.WithBackOff(backoff5.NewExponentialBackOff()))
}

// Near miss: the operation mints a new order id, which is not a key.
func backoffV5ResourceID(ctx context.Context) (string, error) {
	return backoff5.Retry(ctx, func() (string, error) {
		id := uuid.NewString()
		return id, nil
	}, backoff5.WithMaxTries(3))
}

func retryGo(ctx context.Context) error {
	return retrygo.Do(func() error {
		return post(ctx, uuid.NewString()) // want "minted on every attempt"
	}, retrygo.Attempts(3))
}

// Near miss: the same helper with a key minted once.
func retryGoStable(ctx context.Context) error {
	key := uuid.NewString()
	return retrygo.Do(func() error {
		return post(ctx, key)
	}, retrygo.Attempts(3))
}

func retryGoWithData(ctx context.Context) (*stripe.PaymentIntent, error) {
	return retrygo.DoWithData(func() (*stripe.PaymentIntent, error) {
		params := &stripe.PaymentIntentParams{}
		params.SetIdempotencyKey(uuid.NewString()) // want "minted on every attempt"
		return paymentintent.New(params)
	})
}

func goRetry(ctx context.Context) error {
	b := goretry.WithMaxRetries(3, goretry.NewConstant(time.Second))
	return goretry.Do(ctx, b, func(ctx context.Context) error {
		if err := post(ctx, uuid.NewString()); err != nil { // want "minted on every attempt"
			return goretry.RetryableError(err)
		}
		return nil
	})
}

func goRetryValue(ctx context.Context) (*stripe.PaymentIntent, error) {
	b := goretry.NewConstant(time.Second)
	return goretry.DoValue(ctx, b, func(ctx context.Context) (*stripe.PaymentIntent, error) {
		params := &stripe.PaymentIntentParams{}
		params.IdempotencyKey = stripe.String(uuid.NewString()) // want "minted on every attempt"
		return paymentintent.New(params)
	})
}

func k8sOnError(ctx context.Context) error {
	return k8sretry.OnError(k8sretry.DefaultBackoff, func(err error) bool { return true }, func() error {
		return post(ctx, uuid.NewString()) // want "minted on every attempt"
	})
}

func k8sConflict(ctx context.Context) error {
	return k8sretry.RetryOnConflict(k8sretry.DefaultRetry, func() error {
		return post(ctx, uuid.NewString()) // want "minted on every attempt"
	})
}

// Near miss: the retriable predicate runs per attempt but mints nothing
// that reaches a sink; the operation reuses one key.
func k8sConflictStable(ctx context.Context) error {
	key := uuid.NewString()
	return k8sretry.OnError(k8sretry.DefaultBackoff, func(err error) bool {
		return !errors.Is(err, context.Canceled)
	}, func() error {
		return post(ctx, key)
	})
}

// A named function handed to a helper is retried as a whole.
func chargeOnce() error {
	return post(context.Background(), uuid.NewString()) // want "minted on every attempt"
}

func namedOperation() error {
	return backoff4.Retry(chargeOnce, backoff4.NewExponentialBackOff())
}

// A method value handed to a helper.
type charger struct{ ctx context.Context }

func (c *charger) charge() error {
	return post(c.ctx, uuid.NewString()) // want "minted on every attempt"
}

func methodValue(c *charger) error {
	return retrygo.Do(c.charge)
}

// A helper in the retried function that mints and sends on every call.
func (c *charger) send(amount int) error {
	return post(c.ctx, uuid.NewString())
}

func indirect(c *charger) error {
	return backoff4.Retry(func() error {
		return c.send(100) // want "minted on every attempt"
	}, backoff4.NewExponentialBackOff())
}

// Near miss: the helper takes the key from its caller, minted once.
func (c *charger) sendWith(key string) error {
	return post(c.ctx, key)
}

func indirectStable(c *charger) error {
	key := uuid.NewString()
	return backoff4.Retry(func() error {
		return c.sendWith(key)
	}, backoff4.NewExponentialBackOff())
}

// Near misses for the remaining helpers: the key is minted once, outside
// the retried function, or the value minted inside is not a key.

func backoffV4NotifyStable(ctx context.Context) error {
	params := &stripe.PaymentIntentParams{}
	params.SetIdempotencyKey(stripe.NewIdempotencyKey())
	return backoff4.RetryNotify(func() error {
		_, err := paymentintent.New(params)
		return err
	}, backoff4.NewExponentialBackOff(), func(error, time.Duration) {})
}

func retryGoWithDataStable(ctx context.Context) (*stripe.PaymentIntent, error) {
	key := uuid.NewString()
	return retrygo.DoWithData(func() (*stripe.PaymentIntent, error) {
		params := &stripe.PaymentIntentParams{}
		params.SetIdempotencyKey(key)
		return paymentintent.New(params)
	})
}

func goRetryStable(ctx context.Context) error {
	key := uuid.NewString()
	b := goretry.WithMaxRetries(3, goretry.NewConstant(time.Second))
	return goretry.Do(ctx, b, func(ctx context.Context) error {
		if err := post(ctx, key); err != nil {
			return goretry.RetryableError(err)
		}
		return nil
	})
}

func goRetryValueResourceID(ctx context.Context, save func(string) error) (string, error) {
	return goretry.DoValue(ctx, goretry.NewConstant(time.Second), func(ctx context.Context) (string, error) {
		id := uuid.NewString()
		return id, save(id)
	})
}

func k8sConflictResourceName(ctx context.Context, create func(name string) error) error {
	return k8sretry.RetryOnConflict(k8sretry.DefaultRetry, func() error {
		return create("job-" + uuid.NewString()[:8])
	})
}
