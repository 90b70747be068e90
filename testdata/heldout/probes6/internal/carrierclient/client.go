// Package carrierclient is the HTTP client for the line-haul carrier
// tendering API.
package carrierclient

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"

	"github.com/google/uuid"
)

type Client struct {
	BaseURL string
	APIKey  string
	HTTP    *http.Client
}

func New(baseURL, apiKey string) *Client {
	return &Client{BaseURL: baseURL, APIKey: apiKey, HTTP: &http.Client{Timeout: 10 * time.Second}}
}

type TenderRequest struct {
	LaneID     int64  `json:"lane_id"`
	Pallets    int    `json:"pallets"`
	PickupDate string `json:"pickup_date"`
	PriceCents int64  `json:"price_cents"`
}

type Tender struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

// Book tenders a load to the carrier.
func (c *Client) Book(ctx context.Context, req TenderRequest) (Tender, error) {
	return c.post(ctx, "/v2/tenders", req, uuid.New().String())
}

// BookWithKey tenders a load under the caller's idempotency key.
func (c *Client) BookWithKey(ctx context.Context, req TenderRequest, key string) (Tender, error) {
	return c.post(ctx, "/v2/tenders", req, key)
}

// Cancel withdraws a tender.
func (c *Client) Cancel(ctx context.Context, tenderID string) error {
	_, err := c.post(ctx, "/v2/tenders/"+tenderID+"/cancel", struct{}{}, "cancel-"+tenderID)
	return err
}

func (c *Client) post(ctx context.Context, path string, body any, idemKey string) (Tender, error) {
	buf, err := json.Marshal(body)
	if err != nil {
		return Tender{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.BaseURL+path, bytes.NewReader(buf))
	if err != nil {
		return Tender{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.APIKey)
	req.Header.Set("Idempotency-Key", idemKey)
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return Tender{}, fmt.Errorf("carrier %s: %w", path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return Tender{}, &StatusError{Code: resp.StatusCode, Path: path}
	}
	var t Tender
	if err := json.NewDecoder(resp.Body).Decode(&t); err != nil {
		return Tender{}, fmt.Errorf("carrier %s: decode: %w", path, err)
	}
	return t, nil
}

type StatusError struct {
	Code int
	Path string
}

func (e *StatusError) Error() string { return fmt.Sprintf("carrier %s: status %d", e.Path, e.Code) }
