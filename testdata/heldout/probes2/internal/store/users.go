package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/shop2/internal/db/pg"
)

// UserStore persists users in the core database.
type UserStore struct {
	q *pg.Queries
}

func NewUserStore(pool *pgxpool.Pool) *UserStore {
	return &UserStore{q: pg.New(pool)}
}

// FindByEmail returns the user registered with email, or nil when there is none.
func (s *UserStore) FindByEmail(ctx context.Context, email string) (*pg.User, error) {
	u, err := s.q.GetUserByEmail(ctx, strings.TrimSpace(email))
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("get user by email: %w", err)
	}
	return &u, nil
}

func (s *UserStore) Get(ctx context.Context, id int64) (pg.User, error) {
	u, err := s.q.GetUser(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return pg.User{}, ErrNotFound
	}
	if err != nil {
		return pg.User{}, fmt.Errorf("get user %d: %w", id, err)
	}
	return u, nil
}

func (s *UserStore) Create(ctx context.Context, email, name string) (*pg.User, error) {
	u, err := s.q.CreateUser(ctx, pg.CreateUserParams{Email: email, Name: name})
	if err != nil {
		if isUniqueViolation(err) {
			return nil, ErrDuplicate
		}
		return nil, fmt.Errorf("insert user: %w", err)
	}
	return &u, nil
}
