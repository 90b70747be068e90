// Package db implements the service's storage on database/sql; callers
// reach it only through interfaces (gotify's UserDatabase, woodpecker's
// store.Store).
package db

import (
	"context"
	"database/sql"
)

type Store struct{ db *sql.DB }

func (s *Store) HasUser(ctx context.Context, name string) (bool, error) {
	var ok bool
	err := s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM users WHERE name = $1)`, name).Scan(&ok)
	return ok, err
}

func (s *Store) AddUser(ctx context.Context, name string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO users (name) VALUES ($1)`, name)
	return err
}

func (s *Store) AddUserOnce(ctx context.Context, name string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO users (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, name)
	return err
}

// Tokens has two implementations that disagree on Put.
type Tokens interface {
	Known(ctx context.Context, token string) (bool, error)
	Put(ctx context.Context, token string) error
}

type PlainTokens struct{ db *sql.DB }

func (t *PlainTokens) Known(ctx context.Context, token string) (bool, error) {
	var ok bool
	err := t.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM tokens WHERE token = $1)`, token).Scan(&ok)
	return ok, err
}

func (t *PlainTokens) Put(ctx context.Context, token string) error {
	_, err := t.db.ExecContext(ctx, `INSERT INTO tokens (token) VALUES ($1)`, token)
	return err
}

type UpsertTokens struct{ db *sql.DB }

func (t *UpsertTokens) Known(ctx context.Context, token string) (bool, error) {
	var ok bool
	err := t.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM tokens WHERE token = $1)`, token).Scan(&ok)
	return ok, err
}

func (t *UpsertTokens) Put(ctx context.Context, token string) error {
	_, err := t.db.ExecContext(ctx, `INSERT INTO tokens (token) VALUES ($1) ON CONFLICT (token) DO NOTHING`, token)
	return err
}
