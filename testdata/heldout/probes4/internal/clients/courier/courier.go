// Package courier books parcel pickups with the carrier.
package courier

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

type Booking struct {
	Reference   string `json:"reference"`
	Recipient   string `json:"recipient"`
	Address     string `json:"address"`
	WeightGrams int32  `json:"weight_grams"`
}

type Label struct {
	Carrier      string `json:"carrier"`
	TrackingCode string `json:"tracking_code"`
}

type Booker interface {
	Book(ctx context.Context, b Booking) (Label, error)
}

type Client struct {
	url, token string
	http       *http.Client
}

func New(url, token string) *Client {
	return &Client{url: url, token: token, http: &http.Client{Timeout: 20 * time.Second}}
}

func (c *Client) Book(ctx context.Context, b Booking) (Label, error) {
	var l Label
	body, err := json.Marshal(b)
	if err != nil {
		return l, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.url+"/pickups", bytes.NewReader(body))
	if err != nil {
		return l, err
	}
	req.Header.Set("X-Api-Token", c.token)
	resp, err := c.http.Do(req)
	if err != nil {
		return l, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		return l, fmt.Errorf("courier: status %d", resp.StatusCode)
	}
	err = json.NewDecoder(resp.Body).Decode(&l)
	return l, err
}
