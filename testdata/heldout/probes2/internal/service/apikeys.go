package service

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/db/pg"
)

var ErrKeyLimit = errors.New("API key limit reached")

type APIKeyService struct {
	q       *pg.Queries
	maxKeys int64
	log     *slog.Logger
}

func NewAPIKeyService(pool *pgxpool.Pool, maxKeys int64, log *slog.Logger) *APIKeyService {
	return &APIKeyService{q: pg.New(pool), maxKeys: maxKeys, log: log}
}

// NewKey is returned once; only the hash is stored.
type NewKey struct {
	ID     int64  `json:"id"`
	Secret string `json:"secret"`
	Label  string `json:"label"`
}

func generateSecret() (prefix, secret string, hash []byte, err error) {
	buf := make([]byte, 24)
	if _, err = rand.Read(buf); err != nil {
		return "", "", nil, err
	}
	enc := strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(buf))
	secret = "sk_live_" + enc
	sum := sha256.Sum256([]byte(secret))
	return secret[:12], secret, sum[:], nil
}

// Create issues a new API key for the user.
func (s *APIKeyService) Create(ctx context.Context, userID int64, label string) (NewKey, error) {
	n, err := s.q.CountActiveAPIKeys(ctx, userID)
	if err != nil {
		return NewKey{}, fmt.Errorf("create api key: %w", err)
	}
	if n >= s.maxKeys {
		return NewKey{}, ErrKeyLimit
	}
	prefix, secret, hash, err := generateSecret()
	if err != nil {
		return NewKey{}, fmt.Errorf("create api key: %w", err)
	}
	k, err := s.q.CreateAPIKey(ctx, pg.CreateAPIKeyParams{UserID: userID, Prefix: prefix, Hash: hash, Label: label})
	if err != nil {
		return NewKey{}, fmt.Errorf("create api key: %w", err)
	}
	s.log.InfoContext(ctx, "api key created", "user_id", userID, "key_id", k.ID, "prefix", prefix)
	return NewKey{ID: k.ID, Secret: secret, Label: label}, nil
}
