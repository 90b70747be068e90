package billing

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
)

// Refund refunds part or all of a PaymentIntent.
func (g *Gateway) Refund(ctx context.Context, paymentIntentID string, amountCents int64, reason string) (*stripe.Refund, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentIntentID),
		Amount:        stripe.Int64(amountCents),
	}
	if reason != "" {
		params.Reason = stripe.String(reason)
	}
	params.SetIdempotencyKey("rf_" + uuid.NewString())
	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: refund %s: %w", paymentIntentID, err)
	}
	return r, nil
}

// RefundWithKey is Refund with a caller-chosen idempotency key.
func (g *Gateway) RefundWithKey(ctx context.Context, paymentIntentID string, amountCents int64, key string) (*stripe.Refund, error) {
	params := &stripe.RefundCreateParams{
		PaymentIntent: stripe.String(paymentIntentID),
		Amount:        stripe.Int64(amountCents),
	}
	params.SetIdempotencyKey("rf_" + key)
	r, err := g.sc.V1Refunds.Create(ctx, params)
	if err != nil {
		return nil, fmt.Errorf("stripe: refund %s: %w", paymentIntentID, err)
	}
	return r, nil
}
