// Package stripe is a stub of github.com/stripe/stripe-go/v82.
package stripe

import (
	"context"
	"net/http"
)

type Params struct {
	Context        context.Context   `form:"-"`
	Expand         []*string         `form:"expand"`
	IdempotencyKey *string           `form:"-"`
	Metadata       map[string]string `form:"metadata"`
	StripeAccount  *string           `form:"-"`
}

// GetParams makes every struct that embeds Params a ParamsContainer.
func (p *Params) GetParams() *Params { return p }

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

type PaymentIntent struct {
	APIResource
	ID string
}

type ParamsContainer interface {
	GetParams() *Params
}

type APIResponse struct{ StatusCode int }

type LastResponseSetter interface {
	SetLastResponse(response *APIResponse)
}

type APIResource struct {
	LastResponse *APIResponse
}

func (r *APIResource) SetLastResponse(response *APIResponse) { r.LastResponse = response }

// Backend sends requests; the services of Client call it.
type Backend interface {
	Call(method, path, key string, params ParamsContainer, v LastResponseSetter) error
}

// Client is the client of the v82 API: one service per resource, whose
// methods take a context and the resource's create or update params.
type Client struct {
	V1PaymentIntents *v1PaymentIntentService
	V1Refunds        *v1RefundService
}

type ClientOption func(*clientConfig)

type clientConfig struct{ key string }

func NewClient(key string, opts ...ClientOption) *Client {
	return &Client{
		V1PaymentIntents: &v1PaymentIntentService{Key: key},
		V1Refunds:        &v1RefundService{Key: key},
	}
}

type PaymentIntentCreateParams struct {
	Params   `form:"*"`
	Amount   *int64            `form:"amount"`
	Currency *string           `form:"currency"`
	Customer *string           `form:"customer"`
	Metadata map[string]string `form:"metadata"`
}

func (p *PaymentIntentCreateParams) AddMetadata(key string, value string) {
	if p.Metadata == nil {
		p.Metadata = make(map[string]string)
	}
	p.Metadata[key] = value
}

type v1PaymentIntentService struct {
	B   Backend
	Key string
}

func (c v1PaymentIntentService) Create(ctx context.Context, params *PaymentIntentCreateParams) (*PaymentIntent, error) {
	if params == nil {
		params = &PaymentIntentCreateParams{}
	}
	params.Context = ctx
	paymentintent := &PaymentIntent{}
	err := c.B.Call(http.MethodPost, "/v1/payment_intents", c.Key, params, paymentintent)
	return paymentintent, err
}

type RefundCreateParams struct {
	Params        `form:"*"`
	Amount        *int64  `form:"amount"`
	PaymentIntent *string `form:"payment_intent"`
	Reason        *string `form:"reason"`
}

type Refund struct {
	APIResource
	ID string
}

type v1RefundService struct {
	B   Backend
	Key string
}

func (c v1RefundService) Create(ctx context.Context, params *RefundCreateParams) (*Refund, error) {
	if params == nil {
		params = &RefundCreateParams{}
	}
	params.Context = ctx
	refund := &Refund{}
	err := c.B.Call(http.MethodPost, "/v1/refunds", c.Key, params, refund)
	return refund, err
}
