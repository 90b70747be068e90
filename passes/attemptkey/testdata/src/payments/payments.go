// Package payments talks to Stripe through the v82 client, whose services
// (sc.V1PaymentIntents, sc.V1Refunds) take params that embed
// stripe.Params and carry the key set by params.SetIdempotencyKey.
package payments

import (
	"context"
	"errors"
	"time"

	"github.com/google/uuid"
	stripe "github.com/stripe/stripe-go/v82"
)

type ChargeRequest struct {
	CustomerID     string
	AmountCents    int64
	Metadata       map[string]string
	IdempotencyKey string
}

type Gateway struct {
	sc *stripe.Client
}

func IsTransient(err error) bool { return errors.Is(err, context.DeadlineExceeded) }

// Charge retries the create; the inner range copies the request's metadata
// on every attempt, which makes the loop no batch.
func (g *Gateway) Charge(ctx context.Context, req ChargeRequest) (*stripe.PaymentIntent, error) {
	var lastErr error
	for attempt := 1; attempt <= 3; attempt++ {
		params := &stripe.PaymentIntentCreateParams{
			Amount:   stripe.Int64(req.AmountCents),
			Customer: stripe.String(req.CustomerID),
		}
		params.SetIdempotencyKey(uuid.NewString()) // want "minted on every attempt"
		for k, v := range req.Metadata {
			params.AddMetadata(k, v)
		}
		pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
		if err == nil {
			return pi, nil
		}
		lastErr = err
		if !IsTransient(err) {
			break
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return nil, lastErr
}

// Near miss: the caller's business key is sent on every attempt.
func (g *Gateway) ChargeSaved(ctx context.Context, req ChargeRequest) (*stripe.PaymentIntent, error) {
	var lastErr error
	for attempt := 1; attempt <= 3; attempt++ {
		params := &stripe.PaymentIntentCreateParams{
			Amount:   stripe.Int64(req.AmountCents),
			Customer: stripe.String(req.CustomerID),
		}
		params.SetIdempotencyKey(req.IdempotencyKey)
		for k, v := range req.Metadata {
			params.AddMetadata(k, v)
		}
		pi, err := g.sc.V1PaymentIntents.Create(ctx, params)
		if err == nil {
			return pi, nil
		}
		lastErr = err
		if !IsTransient(err) {
			break
		}
		time.Sleep(time.Duration(attempt) * time.Second)
	}
	return nil, lastErr
}

// Refund mints a key on every call: retrying a call of it, here or in
// another package, mints one per attempt.
func (g *Gateway) Refund(ctx context.Context, paymentIntentID string, amountCents int64) (*stripe.Refund, error) { // want Refund:"mintsIntoSink=true"
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentIntentID),
		Amount:        stripe.Int64(amountCents),
	}
	params.SetIdempotencyKey("rf_" + uuid.NewString())
	return g.sc.V1Refunds.Create(ctx, params)
}

// RefundWithKey sends the caller's key.
func (g *Gateway) RefundWithKey(ctx context.Context, paymentIntentID string, amountCents int64, key string) (*stripe.Refund, error) { // want RefundWithKey:"key=\\[3\\]"
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentIntentID),
		Amount:        stripe.Int64(amountCents),
	}
	params.SetIdempotencyKey("rf_" + key)
	return g.sc.V1Refunds.Create(ctx, params)
}
