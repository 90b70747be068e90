// Package pgstore implements the repo interfaces on PostgreSQL through the
// sqlc-generated queries in internal/db, using the pgx stdlib driver.
package pgstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib"

	"example.com/desk5/internal/db"
	"example.com/desk5/internal/domain"
)

// Store owns the connection pool and hands out query sets.
type Store struct {
	DB *sql.DB
	Q  *db.Queries
}

// Open connects with the pgx stdlib driver.
func Open(dsn string) (*Store, error) {
	pool, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, err
	}
	pool.SetMaxOpenConns(40)
	return New(pool), nil
}

func New(pool *sql.DB) *Store {
	return &Store{DB: pool, Q: db.New(pool)}
}

// WithTx runs fn in a transaction and commits when fn returns nil.
func (s *Store) WithTx(ctx context.Context, fn func(q *db.Queries) error) (err error) {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if err = fn(s.Q.WithTx(tx)); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// MapErr translates driver errors into domain sentinels.
func MapErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return domain.ErrNotFound
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch pgErr.Code {
		case "23505":
			return fmt.Errorf("%w: %s", domain.ErrAlreadyExists, pgErr.ConstraintName)
		case "40001", "40P01":
			return fmt.Errorf("%w: %s", domain.ErrConflict, pgErr.Message)
		}
	}
	return err
}

func nullString(s string) sql.NullString {
	return sql.NullString{String: s, Valid: s != ""}
}

func nullInt(v int64) sql.NullInt64 {
	return sql.NullInt64{Int64: v, Valid: v != 0}
}
