// Package keys mints, derives and sends keys; its facts tell other
// packages which of its functions are key sources and key sinks.
package keys

import (
	"context"
	"net/http"

	"github.com/google/uuid"
)

// NewKey mints a key.
func NewKey() string { // want NewKey:"mints=true mintsIntoSink=false key=\\[\\] dedup=\\[\\] passes=\\[\\]"
	return uuid.NewString()
}

// KeyFor derives a stable key from an order id.
func KeyFor(orderID string) string { // want KeyFor:"mints=false mintsIntoSink=false key=\\[\\] dedup=\\[\\] passes=\\[0\\]"
	return "order-" + orderID
}

// KeyOrDefault mints only when the caller has no key: not a key source.
func KeyOrDefault(key string) string { // want KeyOrDefault:"passes=\\[0\\]"
	if key != "" {
		return key
	}
	return uuid.NewString()
}

// SetKey puts the key in the request's Idempotency-Key header.
func SetKey(req *http.Request, key string) { // want SetKey:"key=\\[1\\] dedup=\\[1\\]"
	req.Header.Set("Idempotency-Key", key)
}

// ChargeNow mints a key and sends it on every call.
func ChargeNow(ctx context.Context, client *http.Client) error { // want ChargeNow:"mintsIntoSink=true"
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", nil)
	SetKey(req, NewKey())
	_, err := client.Do(req)
	return err
}

// ChargeParams is a request whose key the client fills in when empty.
type ChargeParams struct {
	Amount         int
	IdempotencyKey string
}

// Create sends the charge, minting a key only when the caller set none.
func Create(ctx context.Context, client *http.Client, p *ChargeParams) error {
	if p.IdempotencyKey == "" {
		p.IdempotencyKey = NewKey()
	}
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.example.com/charges", nil)
	SetKey(req, p.IdempotencyKey)
	_, err := client.Do(req)
	return err
}
