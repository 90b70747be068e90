package platform

import (
	"context"
	"net/http"
	"time"
)

// SampleShipper asks the 3PL to send a free product sample.
type SampleShipper struct {
	carrier *CarrierClient
}

func NewSampleShipper(baseURL, apiKey string) *SampleShipper {
	return &SampleShipper{carrier: &CarrierClient{baseURL: baseURL, apiKey: apiKey, http: &http.Client{Timeout: 15 * time.Second}}}
}

type SampleOrder struct {
	UserID  int64  `json:"user_id"`
	SKU     string `json:"sku"`
	Name    string `json:"name"`
	Line1   string `json:"line1"`
	City    string `json:"city"`
	Postal  string `json:"postal_code"`
	Country string `json:"country"`
}

func (s *SampleShipper) Ship(ctx context.Context, o SampleOrder) (string, error) {
	var out struct {
		ID string `json:"id"`
	}
	err := s.carrier.do(ctx, "/v1/sample-orders", o, &out, nil)
	return out.ID, err
}
