// Package keyfield mints nothing but stores its parameter in an
// idempotency-key field: its callers may pass a key minted per attempt,
// so the check looks at it to say which parameter is a key.
package keyfield // want "may matter"

type ChargeRequest struct {
	Amount         int64
	IdempotencyKey string
}

func NewCharge(amount int64, key string) ChargeRequest {
	return ChargeRequest{Amount: amount, IdempotencyKey: key}
}
