// Package notify sends transactional e-mail, SMS and push messages.
package notify

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"time"
)

// Message is one transactional e-mail.
type Message struct {
	To       string         `json:"to"`
	Subject  string         `json:"subject"`
	Template string         `json:"template"`
	Data     map[string]any `json:"data,omitempty"`
}

// Mailer delivers e-mail.
type Mailer interface {
	Send(ctx context.Context, msg Message) error
}

// HTTPMailer posts messages to the mail provider's REST API.
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
	body, err := json.Marshal(struct {
		From string `json:"from"`
		Message
	}{From: m.from, Message: msg})
	if err != nil {
		return fmt.Errorf("encode mail: %w", err)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, m.endpoint+"/v1/messages", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+m.apiKey)
	req.Header.Set("Content-Type", "application/json")
	resp, err := m.client.Do(req)
	if err != nil {
		return fmt.Errorf("send mail to %s: %w", msg.To, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fmt.Errorf("send mail to %s: status %d: %s", msg.To, resp.StatusCode, b)
	}
	return nil
}
