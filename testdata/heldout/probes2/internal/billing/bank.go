package billing

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
)

// BankClient calls the partner bank's payments API.
type BankClient struct {
	baseURL string
	token   string
	http    *http.Client
}

func NewBankClient(baseURL, token string) *BankClient {
	return &BankClient{baseURL: baseURL, token: token, http: &http.Client{Timeout: 15 * time.Second}}
}

// TransferOrder is one outgoing bank transfer.
type TransferOrder struct {
	ID          int64  `json:"-"`
	IBAN        string `json:"iban"`
	Name        string `json:"beneficiary_name"`
	AmountCents int64  `json:"amount"`
	Currency    string `json:"currency"`
	Reference   string `json:"reference"`
}

type transferResult struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}

func (c *BankClient) newPolicy(ctx context.Context) backoff.BackOffContext {
	b := backoff.NewExponentialBackOff()
	b.InitialInterval = 300 * time.Millisecond
	b.MaxElapsedTime = 20 * time.Second
	return backoff.WithContext(b, ctx)
}

func (c *BankClient) post(ctx context.Context, path, key string, body []byte, out any) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+path, bytes.NewReader(body))
	if err != nil {
		return backoff.Permanent(err)
	}
	req.Header.Set("Authorization", "Bearer "+c.token)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Idempotency-Key", key)
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
		return fmt.Errorf("bank: %s: status %d", path, resp.StatusCode)
	}
	if resp.StatusCode >= 300 {
		return backoff.Permanent(fmt.Errorf("bank: %s: status %d", path, resp.StatusCode))
	}
	return json.NewDecoder(resp.Body).Decode(out)
}

// Withdraw sends a customer's wallet withdrawal to their bank account.
func (c *BankClient) Withdraw(ctx context.Context, order TransferOrder) (string, error) {
	body, err := json.Marshal(order)
	if err != nil {
		return "", err
	}
	var res transferResult
	op := func() error {
		requestID := uuid.NewString()
		return c.post(ctx, "/v2/transfers", requestID, body, &res)
	}
	if err := backoff.Retry(op, c.newPolicy(ctx)); err != nil {
		return "", fmt.Errorf("withdraw %d: %w", order.ID, err)
	}
	return res.ID, nil
}

// PayoutToBank settles a merchant payout through the bank.
func (c *BankClient) PayoutToBank(ctx context.Context, order TransferOrder) (string, error) {
	body, err := json.Marshal(order)
	if err != nil {
		return "", err
	}
	requestID := "payout-" + strconv.FormatInt(order.ID, 10)
	var res transferResult
	op := func() error {
		return c.post(ctx, "/v2/transfers", requestID, body, &res)
	}
	if err := backoff.Retry(op, c.newPolicy(ctx)); err != nil {
		return "", fmt.Errorf("payout %d: %w", order.ID, err)
	}
	return res.ID, nil
}
