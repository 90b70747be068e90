// Package paymentsvc calls payments through interfaces of its own: a call
// of an interface method does what the implementations it may run do,
// known here through their facts.
package paymentsvc

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
	stripe "github.com/stripe/stripe-go/v82"

	"payments"
)

// PaymentGateway is implemented by payments.Gateway.
type PaymentGateway interface {
	Refund(ctx context.Context, paymentIntentID string, amountCents int64) (*stripe.Refund, error)
	RefundWithKey(ctx context.Context, paymentIntentID string, amountCents int64, key string) (*stripe.Refund, error)
}

type RefundService struct {
	gateway PaymentGateway
}

func (s *RefundService) RefundItem(ctx context.Context, paymentIntentID string, amountCents int64) (*stripe.Refund, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		r, err := s.gateway.Refund(ctx, paymentIntentID, amountCents) // want "minted on every attempt"
		if err == nil {
			return r, nil
		}
		lastErr = err
		if !payments.IsTransient(err) {
			break
		}
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return nil, lastErr
}

// Near miss: the key is derived from the order once, before the retries.
func (s *RefundService) RefundShipping(ctx context.Context, orderID int64, paymentIntentID string, feeCents int64) (*stripe.Refund, error) { // want RefundShipping:"key=\\[1\\]"
	key := fmt.Sprintf("order-%d-shipping-fee", orderID)
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		r, err := s.gateway.RefundWithKey(ctx, paymentIntentID, feeCents, key)
		if err == nil {
			return r, nil
		}
		lastErr = err
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return nil, lastErr
}

// The key parameter of RefundWithKey reaches SetIdempotencyKey in the
// implementation: a key minted for each call of it is one per attempt.
func (s *RefundService) RefundFee(ctx context.Context, paymentIntentID string, feeCents int64) (*stripe.Refund, error) {
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		r, err := s.gateway.RefundWithKey(ctx, paymentIntentID, feeCents, uuid.NewString()) // want "minted on every attempt"
		if err == nil {
			return r, nil
		}
		lastErr = err
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return nil, lastErr
}

// Near miss: the key is minted once, before the retries.
func (s *RefundService) RefundFeeOnce(ctx context.Context, paymentIntentID string, feeCents int64) (*stripe.Refund, error) { // want RefundFeeOnce:"mintsIntoSink=true"
	key := uuid.NewString()
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		r, err := s.gateway.RefundWithKey(ctx, paymentIntentID, feeCents, key)
		if err == nil {
			return r, nil
		}
		lastErr = err
		time.Sleep(time.Duration(attempt+1) * time.Second)
	}
	return nil, lastErr
}

// Reverser has a Refund of the same signature, but payments.Gateway, which
// has no Reverse, does not implement it: a call runs something else.
type Reverser interface {
	Refund(ctx context.Context, paymentIntentID string, amountCents int64) (*stripe.Refund, error)
	Reverse(ctx context.Context, transferID string) error
}

// Near miss: no implementation of Reverser mints a key.
func ReverseAll(ctx context.Context, r Reverser, paymentIntentID string, amountCents int64) error { // want ReverseAll:"passes=\\[2\\]"
	for attempt := 0; attempt < 3; attempt++ {
		if _, err := r.Refund(ctx, paymentIntentID, amountCents); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return fmt.Errorf("refund %s: gave up", paymentIntentID)
}

// keySource hands out keys; uuidSource, beside it, mints one per call.
type keySource interface {
	NewKey() string
}

type uuidSource struct{}

func (uuidSource) NewKey() string { return uuid.NewString() } // want NewKey:"mints=true"

var httpClient = &http.Client{}

func post(ctx context.Context, keys keySource) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/payouts", nil)
		req.Header.Set("Idempotency-Key", keys.NewKey()) // want "minted on every attempt"
		if resp, err := httpClient.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return fmt.Errorf("payout: gave up")
}

// Near miss: one key from the source, before the retries.
func postOnce(ctx context.Context, keys keySource) error {
	key := keys.NewKey()
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/payouts", nil)
		req.Header.Set("Idempotency-Key", key)
		if resp, err := httpClient.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return fmt.Errorf("payout: gave up")
}

// randomRef mints on every String call, like uuidSource's NewKey.
type randomRef struct{}

func (randomRef) String() string { return uuid.NewString() } // want String:"mints=true"

// Near miss: fmt.Stringer names no operation of this module; of all that
// implement it, the one that mints is not what callers hand to postRef.
func postRef(ctx context.Context, ref fmt.Stringer) error {
	for attempt := 0; attempt < 3; attempt++ {
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/payouts", nil)
		req.Header.Set("Idempotency-Key", ref.String())
		if resp, err := httpClient.Do(req); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(time.Second)
	}
	return fmt.Errorf("payout: gave up")
}
