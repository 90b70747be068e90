// Package payments is the client of the card processor's REST API and of
// the carrier's label API.
package payments

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

var ErrDeclined = errors.New("card declined")

type ChargeRequest struct {
	CustomerRef string `json:"customer"`
	AmountCents int64  `json:"amount"`
	Currency    string `json:"currency"`
	Description string `json:"description"`
}

type Charge struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

type Gateway struct {
	BaseURL string
	APIKey  string
	HTTP    *http.Client
}

type temporaryError struct{ status int }

func (e temporaryError) Error() string { return fmt.Sprintf("processor answered %d", e.status) }

func (g *Gateway) post(ctx context.Context, path, idemKey string, in, out any) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, g.BaseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+g.APIKey)
	req.Header.Set("Content-Type", "application/json")
	if idemKey != "" {
		req.Header.Set("Idempotency-Key", idemKey)
	}
	resp, err := g.HTTP.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusPaymentRequired:
		return ErrDeclined
	case resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests:
		return temporaryError{resp.StatusCode}
	case resp.StatusCode >= 300:
		return fmt.Errorf("processor: %s", resp.Status)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

func retryable(err error) bool {
	var t temporaryError
	return errors.As(err, &t) || errors.Is(err, context.DeadlineExceeded)
}

// Charge charges the card once, without retries.
func (g *Gateway) Charge(ctx context.Context, idemKey string, req ChargeRequest) (Charge, error) {
	var ch Charge
	err := g.post(ctx, "/v1/charges", idemKey, req, &ch)
	return ch, err
}

// ChargeWithRetry charges the card, retrying timeouts and 5xx answers.
func (g *Gateway) ChargeWithRetry(ctx context.Context, req ChargeRequest) (Charge, error) {
	var ch Charge
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		key := uuid.NewString()
		ch, err = g.Charge(ctx, key, req)
		if err == nil || !retryable(err) {
			return ch, err
		}
		time.Sleep(time.Duration(200<<attempt) * time.Millisecond)
	}
	return ch, err
}

// ChargeOnce charges the card under one key for all attempts.
func (g *Gateway) ChargeOnce(ctx context.Context, intentKey string, req ChargeRequest) (Charge, error) {
	if intentKey == "" {
		intentKey = uuid.NewString()
	}
	var ch Charge
	var err error
	for attempt := 0; attempt < 4; attempt++ {
		ch, err = g.Charge(ctx, intentKey, req)
		if err == nil || !retryable(err) {
			return ch, err
		}
		time.Sleep(time.Duration(200<<attempt) * time.Millisecond)
	}
	return ch, err
}

// Refund refunds a charge, retrying as ChargeWithRetry does.
func (g *Gateway) Refund(ctx context.Context, chargeID string, cents int64) error {
	var out struct{ ID string }
	return retry(ctx, 3, func() error {
		return g.post(ctx, "/v1/refunds", "refund-"+chargeID, map[string]any{"charge": chargeID, "amount": cents}, &out)
	})
}

func retry(ctx context.Context, n int, fn func() error) error {
	var err error
	for i := 0; i < n; i++ {
		if err = fn(); err == nil || !retryable(err) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(time.Duration(i+1) * 300 * time.Millisecond):
		}
	}
	return err
}

// Carrier buys shipping labels.
type Carrier struct {
	Gateway
}

type Label struct {
	Tracking string `json:"tracking"`
	URL      string `json:"url"`
}

// BuyLabel buys (and pays for) a label for the order.
func (c *Carrier) BuyLabel(ctx context.Context, orderID int64, address string) (Label, error) {
	var l Label
	err := c.post(ctx, "/v2/labels", "", map[string]any{"reference": orderID, "to": address}, &l)
	return l, err
}

// PublishTrackingPage is idempotent on the carrier's side (PUT by order).
func (c *Carrier) PublishTrackingPage(ctx context.Context, orderID int64, tracking string) error {
	var out struct{}
	return c.post(ctx, fmt.Sprintf("/v2/pages/%d", orderID), "", map[string]any{"tracking": tracking}, &out)
}
