// Package payments is a thin client for the card processor and the bank
// transfer API.
package payments

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

type ChargeRequest struct {
	AmountCents    int64  `json:"amount"`
	Currency       string `json:"currency"`
	Source         string `json:"source"`
	Description    string `json:"description,omitempty"`
	IdempotencyKey string `json:"-"`
}

type Charge struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

type TransferRequest struct {
	AmountCents    int64  `json:"amount"`
	Currency       string `json:"currency"`
	Destination    string `json:"destination"`
	Reference      string `json:"reference"`
	IdempotencyKey string `json:"-"`
}

// Gateway moves money.
type Gateway interface {
	Charge(ctx context.Context, req ChargeRequest) (Charge, error)
	Refund(ctx context.Context, chargeID string, amountCents int64) (string, error)
	Transfer(ctx context.Context, req TransferRequest) (string, error)
}

type Client struct {
	baseURL string
	secret  string
	http    *http.Client
}

func NewClient(baseURL, secret string) *Client {
	return &Client{baseURL: baseURL, secret: secret, http: &http.Client{Timeout: 30 * time.Second}}
}

func (c *Client) post(ctx context.Context, path, idemKey string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+c.secret)
	req.Header.Set("Content-Type", "application/json")
	if idemKey != "" {
		req.Header.Set("Idempotency-Key", idemKey)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("payments: %s: status %d", path, resp.StatusCode)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

func (c *Client) Charge(ctx context.Context, req ChargeRequest) (Charge, error) {
	var ch Charge
	err := c.post(ctx, "/v1/charges", req.IdempotencyKey, req, &ch)
	return ch, err
}

func (c *Client) Refund(ctx context.Context, chargeID string, amountCents int64) (string, error) {
	var out struct {
		ID string `json:"id"`
	}
	err := c.post(ctx, "/v1/refunds", "", map[string]any{"charge": chargeID, "amount": amountCents}, &out)
	return out.ID, err
}

func (c *Client) Transfer(ctx context.Context, req TransferRequest) (string, error) {
	var out struct {
		ID string `json:"id"`
	}
	err := c.post(ctx, "/v1/transfers", req.IdempotencyKey, req, &out)
	return out.ID, err
}
