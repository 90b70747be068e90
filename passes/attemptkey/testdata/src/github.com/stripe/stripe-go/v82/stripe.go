// Package stripe is a stub of github.com/stripe/stripe-go/v82.
package stripe

import "context"

type Params struct {
	Context        context.Context `form:"-"`
	Expand         []*string       `form:"expand"`
	IdempotencyKey *string         `form:"-"`
	StripeAccount  *string         `form:"-"`
}

func (p *Params) SetIdempotencyKey(val string) { p.IdempotencyKey = &val }

func (p *Params) SetStripeAccount(val string) { p.StripeAccount = &val }

func NewIdempotencyKey() string { return "" }

func String(v string) *string { return &v }

func Int64(v int64) *int64 { return &v }

type PaymentIntentParams struct {
	Params   `form:"*"`
	Amount   *int64  `form:"amount"`
	Currency *string `form:"currency"`
}

type PaymentIntent struct{ ID string }
