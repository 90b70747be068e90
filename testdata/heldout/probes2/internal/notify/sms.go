package notify

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// SMSSender delivers text messages.
type SMSSender interface {
	SendSMS(ctx context.Context, to, body string) error
}

// TwilioSMS sends through the Twilio Messages API.
type TwilioSMS struct {
	accountSID string
	authToken  string
	from       string
	client     *http.Client
}

func NewTwilioSMS(accountSID, authToken, from string) *TwilioSMS {
	return &TwilioSMS{accountSID: accountSID, authToken: authToken, from: from, client: &http.Client{Timeout: 8 * time.Second}}
}

func (t *TwilioSMS) SendSMS(ctx context.Context, to, body string) error {
	form := url.Values{"To": {to}, "From": {t.from}, "Body": {body}}
	endpoint := fmt.Sprintf("https://api.twilio.com/2010-04-01/Accounts/%s/Messages.json", t.accountSID)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
	if err != nil {
		return err
	}
	req.SetBasicAuth(t.accountSID, t.authToken)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, err := t.client.Do(req)
	if err != nil {
		return fmt.Errorf("twilio: %w", err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		return fmt.Errorf("twilio: unexpected status %d", resp.StatusCode)
	}
	return nil
}
