// Package mail sends transactional e-mail through the provider's HTTP API.
package mail

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// Sender is what services depend on.
type Sender interface {
	Send(ctx context.Context, to, template string, vars map[string]string) error
}

type HTTPSender struct {
	BaseURL string
	APIKey  string
	Client  *http.Client
}

func NewHTTPSender(baseURL, apiKey string) *HTTPSender {
	return &HTTPSender{BaseURL: baseURL, APIKey: apiKey, Client: &http.Client{Timeout: 10 * time.Second}}
}

func (s *HTTPSender) Send(ctx context.Context, to, template string, vars map[string]string) error {
	body, err := json.Marshal(map[string]any{"to": to, "template": template, "vars": vars})
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.BaseURL+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+s.APIKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.Client.Do(req)
	if err != nil {
		return fmt.Errorf("mail: send: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("mail: provider returned %d", resp.StatusCode)
	}
	return nil
}

// SMS is the text-message channel.
type SMS interface {
	SendSMS(ctx context.Context, phone, text string) error
}

type TwilioLike struct {
	URL    string
	Client *http.Client
}

func (t *TwilioLike) SendSMS(ctx context.Context, phone, text string) error {
	payload, _ := json.Marshal(map[string]string{"to": phone, "body": text})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.URL, bytes.NewReader(payload))
	if err != nil {
		return err
	}
	resp, err := t.Client.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	return nil
}
