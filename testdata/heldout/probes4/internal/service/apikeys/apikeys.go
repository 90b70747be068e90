// Package apikeys issues API credentials and webhook endpoints to sellers.
package apikeys

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"

	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

var (
	ErrKeyLimit      = errors.New("apikeys: key limit reached")
	ErrEndpointLimit = errors.New("apikeys: webhook endpoint limit reached")
)

type Service struct {
	keys         store.KeyStore
	maxKeys      int
	maxEndpoints int
}

func New(keys store.KeyStore, maxKeys, maxEndpoints int) *Service {
	return &Service{keys: keys, maxKeys: maxKeys, maxEndpoints: maxEndpoints}
}

func secret() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Create issues a new API key and returns its plaintext once.
func (s *Service) Create(ctx context.Context, u domain.User, label string) (string, *domain.APIKey, error) {
	n, err := s.keys.CountActive(ctx, u.ID)
	if err != nil {
		return "", nil, err
	}
	if n >= s.maxKeys {
		return "", nil, ErrKeyLimit
	}
	plain := "sk_live_" + secret()
	sum := sha256.Sum256([]byte(plain))
	k := &domain.APIKey{UserID: u.ID, Prefix: plain[:12], Hash: sum[:], Label: label}
	if err := s.keys.Insert(ctx, k); err != nil {
		return "", nil, err
	}
	return plain, k, nil
}

func (s *Service) AddWebhookEndpoint(ctx context.Context, u domain.User, url string) (*domain.WebhookEndpoint, error) {
	ep := &domain.WebhookEndpoint{UserID: u.ID, URL: url, Secret: "whsec_" + secret()}
	if err := s.keys.AddEndpointWithinLimit(ctx, ep, s.maxEndpoints); err != nil {
		if errors.Is(err, store.ErrLimitReached) {
			return nil, ErrEndpointLimit
		}
		return nil, err
	}
	return ep, nil
}
