// Package stripe is a stub of github.com/stripe/stripe-go/v82.
package stripe

import "context"

// Params are the fields every request's parameters share.
type Params struct {
	IdempotencyKey *string
}

func (p *Params) SetIdempotencyKey(val string) { p.IdempotencyKey = &val }

func String(v string) *string { return &v }

type RefundParams struct {
	Params
	Charge *string
}

type Refund struct {
	ID string
}

type Client struct {
	V1Refunds *v1RefundService
}

type v1RefundService struct{}

func (c v1RefundService) Create(ctx context.Context, params *RefundParams) (*Refund, error) {
	return nil, nil
}

func (c v1RefundService) Get(ctx context.Context, id string) (*Refund, error) { return nil, nil }
