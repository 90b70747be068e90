// Package sms sends text messages through the SMS gateway.
package sms

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

type Sender interface {
	SendSMS(ctx context.Context, to, text string) error
}

type Gateway struct {
	endpoint, account, token string
	http                     *http.Client
}

func NewGateway(endpoint, account, token string) *Gateway {
	return &Gateway{endpoint: endpoint, account: account, token: token, http: &http.Client{Timeout: 10 * time.Second}}
}

func (g *Gateway) SendSMS(ctx context.Context, to, text string) error {
	form := url.Values{"To": {to}, "Body": {text}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost,
		g.endpoint+"/accounts/"+g.account+"/messages", strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.SetBasicAuth(g.account, g.token)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := g.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("sms: status %d", resp.StatusCode)
	}
	return nil
}
