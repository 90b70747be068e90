package service

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/url"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/db/pg"
)

var ErrEndpointLimit = errors.New("webhook endpoint limit reached")

const maxEndpointsPerMerchant = 10

// EndpointService manages the webhook endpoints merchants register.
type EndpointService struct {
	pool *pgxpool.Pool
	q    *pg.Queries
	log  *slog.Logger
}

func NewEndpointService(pool *pgxpool.Pool, log *slog.Logger) *EndpointService {
	return &EndpointService{pool: pool, q: pg.New(pool), log: log}
}

func (s *EndpointService) Register(ctx context.Context, merchantID int64, rawURL string) (pg.WebhookEndpoint, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return pg.WebhookEndpoint{}, fmt.Errorf("%w: endpoint must be an https URL", ErrInvalidRequest)
	}
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		return pg.WebhookEndpoint{}, err
	}

	tx, err := s.pool.Begin(ctx)
	if err != nil {
		return pg.WebhookEndpoint{}, err
	}
	defer tx.Rollback(ctx)
	qtx := s.q.WithTx(tx)

	if _, err := qtx.LockMerchant(ctx, merchantID); err != nil {
		return pg.WebhookEndpoint{}, fmt.Errorf("register endpoint: lock merchant: %w", err)
	}
	n, err := qtx.CountWebhookEndpoints(ctx, merchantID)
	if err != nil {
		return pg.WebhookEndpoint{}, fmt.Errorf("register endpoint: %w", err)
	}
	if n >= maxEndpointsPerMerchant {
		return pg.WebhookEndpoint{}, ErrEndpointLimit
	}
	ep, err := qtx.CreateWebhookEndpoint(ctx, pg.CreateWebhookEndpointParams{
		MerchantID: merchantID,
		Url:        u.String(),
		Secret:     "whsec_" + hex.EncodeToString(secret),
	})
	if err != nil {
		return pg.WebhookEndpoint{}, fmt.Errorf("register endpoint: %w", err)
	}
	if err := tx.Commit(ctx); err != nil {
		return pg.WebhookEndpoint{}, fmt.Errorf("register endpoint: commit: %w", err)
	}
	return ep, nil
}
