package platform

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Newsletter subscribes addresses to the marketing list.
type Newsletter struct {
	endpoint string
	apiKey   string
	http     *http.Client
}

func NewNewsletter(endpoint, apiKey string) *Newsletter {
	return &Newsletter{endpoint: endpoint, apiKey: apiKey, http: &http.Client{Timeout: 5 * time.Second}}
}

func (n *Newsletter) Subscribe(ctx context.Context, email, name string, tags ...string) error {
	form := url.Values{"email": {email}, "name": {name}, "tags": tags}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, n.endpoint+"/subscribers?"+form.Encode(), nil)
	if err != nil {
		return err
	}
	req.Header.Set("Authorization", "Bearer "+n.apiKey)
	resp, err := n.http.Do(req)
	if err != nil {
		return err
	}
	resp.Body.Close()
	if resp.StatusCode >= 300 {
		return fmt.Errorf("newsletter: status %d", resp.StatusCode)
	}
	return nil
}

// ReferralCodes resolves referral and affiliate codes.
type ReferralCodes struct {
	db *sql.DB
}

func NewReferralCodes(db *sql.DB) *ReferralCodes { return &ReferralCodes{db: db} }

var ErrUnknownCode = errors.New("unknown referral code")

func (r *ReferralCodes) Resolve(ctx context.Context, code string) (int64, error) {
	var userID int64
	err := r.db.QueryRowContext(ctx, `SELECT user_id FROM referral_codes WHERE code = $1`, code).Scan(&userID)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, ErrUnknownCode
	}
	return userID, err
}

// BillingDirectory maps users to their Stripe customer.
type BillingDirectory struct {
	pool *pgxpool.Pool
}

func NewBillingDirectory(pool *pgxpool.Pool) *BillingDirectory { return &BillingDirectory{pool: pool} }

func (d *BillingDirectory) StripeCustomer(ctx context.Context, userID int64) (string, error) {
	var id string
	err := d.pool.QueryRow(ctx, `SELECT stripe_customer_id FROM billing_accounts WHERE user_id = $1`, userID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", fmt.Errorf("user %d has no billing account", userID)
	}
	return id, err
}

// PDFRenderer calls the report rendering service.
type PDFRenderer struct {
	baseURL string
	http    *http.Client
}

func NewPDFRenderer(baseURL string) *PDFRenderer {
	return &PDFRenderer{baseURL: baseURL, http: &http.Client{Timeout: 2 * time.Minute}}
}

func (p *PDFRenderer) Render(ctx context.Context, accountID int64, kind string) (string, error) {
	u := p.baseURL + "/render?account=" + strconv.FormatInt(accountID, 10) + "&kind=" + url.QueryEscape(kind)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, u, nil)
	if err != nil {
		return "", err
	}
	resp, err := p.http.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("render: status %d", resp.StatusCode)
	}
	return resp.Header.Get("Location"), nil
}
