package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/db/pg"
)

// IdentityStore keeps the external login identities (Google, GitHub, ...)
// attached to a user.
type IdentityStore struct {
	q *pg.Queries
}

func NewIdentityStore(pool *pgxpool.Pool) *IdentityStore {
	return &IdentityStore{q: pg.New(pool)}
}

// Find looks an identity up by provider and subject. The boolean is false
// when the identity is unknown.
func (s *IdentityStore) Find(ctx context.Context, provider, subject string) (pg.Identity, bool, error) {
	id, err := s.q.GetIdentity(ctx, pg.GetIdentityParams{Provider: provider, Subject: subject})
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return pg.Identity{}, false, nil
	case err != nil:
		return pg.Identity{}, false, fmt.Errorf("get identity %s/%s: %w", provider, subject, err)
	}
	return id, true, nil
}

func (s *IdentityStore) Create(ctx context.Context, arg pg.CreateIdentityParams) (pg.Identity, error) {
	id, err := s.q.CreateIdentity(ctx, arg)
	if err != nil {
		if isUniqueViolation(err) {
			return pg.Identity{}, ErrDuplicate
		}
		return pg.Identity{}, fmt.Errorf("insert identity: %w", err)
	}
	return id, nil
}
