// Package payment talks to the card processor.
package payment

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
)

var ErrDeclined = errors.New("payment declined")

type ChargeRequest struct {
	CustomerRef    string
	Amount         int64
	Currency       string
	Description    string
	IdempotencyKey string
}

type ChargeResult struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// Gateway is the processor abstraction the services use.
type Gateway interface {
	Charge(ctx context.Context, req ChargeRequest) (ChargeResult, error)
	Refund(ctx context.Context, chargeID string, amount int64) (string, error)
	Payout(ctx context.Context, iban string, amount int64) (string, error)
}

type Client struct {
	base   string
	secret string
	hc     *http.Client
}

func NewClient(base, secret string) *Client {
	return &Client{base: base, secret: secret, hc: &http.Client{Timeout: 15 * time.Second}}
}

func (c *Client) post(ctx context.Context, path string, in any, key string, out any) error {
	buf, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+path, bytes.NewReader(buf))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.secret)
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusPaymentRequired {
		return ErrDeclined
	}
	if resp.StatusCode >= 300 {
		return fmt.Errorf("processor: status %d", resp.StatusCode)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

func (c *Client) Charge(ctx context.Context, req ChargeRequest) (ChargeResult, error) {
	var res ChargeResult
	err := c.post(ctx, "/v1/charges", map[string]any{
		"customer": req.CustomerRef, "amount": req.Amount, "currency": req.Currency, "description": req.Description,
	}, req.IdempotencyKey, &res)
	return res, err
}

func (c *Client) Refund(ctx context.Context, chargeID string, amount int64) (string, error) {
	var res struct{ ID string }
	err := c.post(ctx, "/v1/refunds", map[string]any{"charge": chargeID, "amount": amount}, "", &res)
	return res.ID, err
}

func (c *Client) Payout(ctx context.Context, iban string, amount int64) (string, error) {
	var res struct{ ID string }
	err := c.post(ctx, "/v1/payouts", map[string]any{"iban": iban, "amount": amount}, "", &res)
	return res.ID, err
}

// isRetryable says whether a transport error is worth another attempt.
func isRetryable(err error) bool {
	if err == nil {
		return false
	}
	return !errors.Is(err, ErrDeclined)
}

// ChargeWithRetry retries transient failures. A new key per attempt.
func (c *Client) ChargeWithRetry(ctx context.Context, req ChargeRequest) (ChargeResult, error) {
	var (
		res     ChargeResult
		lastErr error
	)
	for attempt := 0; attempt < 4; attempt++ {
		req.IdempotencyKey = uuid.New().String() // L:F6b
		res, lastErr = c.Charge(ctx, req)
		if lastErr == nil {
			return res, nil
		}
		if !isRetryable(lastErr) {
			break
		}
		select {
		case <-ctx.Done():
			return res, ctx.Err()
		case <-time.After(time.Duration(attempt+1) * 200 * time.Millisecond):
		}
	}
	return res, fmt.Errorf("charge after retries: %w", lastErr)
}

// ChargeWithRetrySafe keeps one key for the logical charge.
func (c *Client) ChargeWithRetrySafe(ctx context.Context, req ChargeRequest) (ChargeResult, error) {
	if req.IdempotencyKey == "" {
		req.IdempotencyKey = uuid.New().String() // L:F6b-safe
	}
	var lastErr error
	for attempt := 0; attempt < 4; attempt++ {
		res, err := c.Charge(ctx, req)
		if err == nil {
			return res, nil
		}
		lastErr = err
		if !isRetryable(err) {
			break
		}
		time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
	}
	return ChargeResult{}, lastErr
}

// Transfer posts a bank transfer with a raw request, retrying on 5xx.
func (c *Client) Transfer(ctx context.Context, iban string, amount int64) (string, error) {
	body, _ := json.Marshal(map[string]any{"iban": iban, "amount": amount})
	var lastStatus int
	for i := 0; i < 3; i++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.base+"/v1/transfers", bytes.NewReader(body))
		if err != nil {
			return "", err
		}
		req.Header.Set("Authorization", "Bearer "+c.secret)
		req.Header.Set("Idempotency-Key", fmt.Sprintf("tr-%d-%s", amount, uuid.NewString())) // L:F6d
		resp, err := c.hc.Do(req)
		if err != nil {
			continue
		}
		lastStatus = resp.StatusCode
		if resp.StatusCode >= 500 {
			resp.Body.Close()
			continue
		}
		var out struct{ ID string }
		err = json.NewDecoder(resp.Body).Decode(&out)
		resp.Body.Close()
		return out.ID, err
	}
	return "", fmt.Errorf("transfer: gave up, last status %d", lastStatus)
}
