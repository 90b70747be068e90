// Package mailer sends transactional e-mail through the provider's HTTP API.
package mailer

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

type Message struct {
	To       string         `json:"to"`
	Template string         `json:"template"`
	Subject  string         `json:"subject,omitempty"`
	Data     map[string]any `json:"data,omitempty"`
}

// Mailer delivers one message.
type Mailer interface {
	Send(ctx context.Context, msg Message) error
}

type HTTPMailer struct {
	endpoint string
	apiKey   string
	from     string
	client   *http.Client
}

func NewHTTPMailer(endpoint, apiKey, from string) *HTTPMailer {
	return &HTTPMailer{
		endpoint: endpoint,
		apiKey:   apiKey,
		from:     from,
		client:   &http.Client{Timeout: 10 * time.Second},
	}
}

func (m *HTTPMailer) Send(ctx context.Context, msg Message) error {
	payload := struct {
		From string `json:"from"`
		Message
	}{From: m.from, Message: msg}
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, m.endpoint+"/v3/send", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+m.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := m.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("mailer: %s: status %d", msg.Template, resp.StatusCode)
	}
	return nil
}
