// Package billing talks to Stripe and to the bank's payout API.
package billing

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"
)

// ChargeRequest describes one card payment.
type ChargeRequest struct {
	CustomerID     string
	PaymentMethod  string
	AmountCents    int64
	Currency       string
	Description    string
	Metadata       map[string]string
	IdempotencyKey string
}

// CustomerInput is what we send Stripe when creating a customer.
type CustomerInput struct {
	Email          string
	Name           string
	IdempotencyKey string
}

// Gateway is the subset of Stripe the services use.
type Gateway struct {
	sc         *stripe.Client
	log        *slog.Logger
	maxRetries int
}

func NewGateway(apiKey string, log *slog.Logger) *Gateway {
	return &Gateway{sc: stripe.NewClient(apiKey), log: log, maxRetries: 3}
}

// IsTransient reports whether a Stripe error is worth retrying.
func IsTransient(err error) bool {
	var se *stripe.Error
	if errors.As(err, &se) {
		return se.HTTPStatusCode == 0 || se.HTTPStatusCode >= 500 || se.Type == stripe.ErrorTypeAPI
	}
	return errors.Is(err, context.DeadlineExceeded)
}

func backoffFor(attempt int) time.Duration {
	return time.Duration(attempt*attempt) * 250 * time.Millisecond
}

// Charge confirms a PaymentIntent for the request, retrying transient
// failures.
func (g *Gateway) Charge(ctx context.Context, req ChargeRequest) (*stripe.PaymentIntent, error) {
	var lastErr error
	for attempt := 1; attempt <= g.maxRetries; attempt++ {
		params := &stripe.PaymentIntentCreateParams{
			Amount:        stripe.Int64(req.AmountCents),
			Currency:      stripe.String(req.Currency),
			Customer:      stripe.String(req.CustomerID),
			PaymentMethod: stripe.String(req.PaymentMethod),
			Confirm:       stripe.Bool(true),
			Description:   stripe.String(req.Description),
		}
		params.SetIdempotencyKey(uuid.NewString())
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
		g.log.WarnContext(ctx, "stripe charge failed, retrying", "attempt", attempt, "err", err)
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(backoffFor(attempt)):
		}
	}
	return nil, fmt.Errorf("stripe: create payment intent: %w", lastErr)
}

// ChargeSaved charges a saved payment method off-session. The caller
// supplies the idempotency key for the business operation.
func (g *Gateway) ChargeSaved(ctx context.Context, req ChargeRequest) (*stripe.PaymentIntent, error) {
	if req.IdempotencyKey == "" {
		return nil, errors.New("stripe: off-session charge needs an idempotency key")
	}
	var lastErr error
	for attempt := 1; attempt <= g.maxRetries; attempt++ {
		params := &stripe.PaymentIntentCreateParams{
			Amount:        stripe.Int64(req.AmountCents),
			Currency:      stripe.String(req.Currency),
			Customer:      stripe.String(req.CustomerID),
			PaymentMethod: stripe.String(req.PaymentMethod),
			Confirm:       stripe.Bool(true),
			OffSession:    stripe.Bool(true),
			Description:   stripe.String(req.Description),
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
		g.log.WarnContext(ctx, "stripe off-session charge failed, retrying", "attempt", attempt, "err", err)
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(backoffFor(attempt)):
		}
	}
	return nil, fmt.Errorf("stripe: off-session payment intent: %w", lastErr)
}

// CreateCustomer creates a Stripe customer and returns its id.
func (g *Gateway) CreateCustomer(ctx context.Context, in CustomerInput) (string, error) {
	params := &stripe.CustomerCreateParams{
		Email: stripe.String(in.Email),
		Name:  stripe.String(in.Name),
	}
	if in.IdempotencyKey != "" {
		params.SetIdempotencyKey(in.IdempotencyKey)
	}
	c, err := g.sc.V1Customers.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: create customer: %w", err)
	}
	return c.ID, nil
}

// Transfer moves funds to a connected account.
func (g *Gateway) Transfer(ctx context.Context, destination string, amountCents int64, currency, group string) (string, error) {
	params := &stripe.TransferCreateParams{
		Amount:        stripe.Int64(amountCents),
		Currency:      stripe.String(currency),
		Destination:   stripe.String(destination),
		TransferGroup: stripe.String(group),
	}
	t, err := g.sc.V1Transfers.Create(ctx, params)
	if err != nil {
		return "", fmt.Errorf("stripe: transfer to %s: %w", destination, err)
	}
	return t.ID, nil
}
