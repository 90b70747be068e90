// Package platform holds clients for third-party HTTP services.
package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// CarrierClient buys shipping labels and books pickups with the carrier
// aggregator.
type CarrierClient struct {
	baseURL string
	apiKey  string
	http    *http.Client
}

func NewCarrierClient(baseURL, apiKey string) *CarrierClient {
	return &CarrierClient{baseURL: baseURL, apiKey: apiKey, http: &http.Client{Timeout: 20 * time.Second}}
}

type LabelRequest struct {
	Reference   string `json:"reference"`
	ToName      string `json:"to_name"`
	ToLine1     string `json:"to_line1"`
	ToCity      string `json:"to_city"`
	ToPostal    string `json:"to_postal_code"`
	ToCountry   string `json:"to_country"`
	WeightGrams int    `json:"weight_grams"`
	Service     string `json:"service"`
}

type LabelResponse struct {
	Carrier        string `json:"carrier"`
	TrackingNumber string `json:"tracking_number"`
	LabelURL       string `json:"label_url"`
	CostCents      int64  `json:"cost_cents"`
}

type PickupRequest struct {
	Reference string    `json:"reference"`
	Tracking  []string  `json:"tracking_numbers"`
	Date      time.Time `json:"date"`
}

type PickupResponse struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

func (c *CarrierClient) do(ctx context.Context, path string, in, out any, headers map[string]string) error {
	body, err := json.Marshal(in)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("X-Api-Key", c.apiKey)
	req.Header.Set("Content-Type", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("carrier %s: %w", path, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("carrier %s: status %d", path, resp.StatusCode)
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// BuyLabel purchases a label. The carrier bills us per label.
func (c *CarrierClient) BuyLabel(ctx context.Context, req LabelRequest) (LabelResponse, error) {
	var out LabelResponse
	err := c.do(ctx, "/v1/labels", req, &out, nil)
	return out, err
}

func (c *CarrierClient) SchedulePickup(ctx context.Context, req PickupRequest) (PickupResponse, error) {
	var out PickupResponse
	err := c.do(ctx, "/v1/pickups", req, &out, nil)
	return out, err
}
