// Package startuplib is a store that bootstraps its schema and seed rows
// in its constructor.
package startuplib

import (
	"context"
	"database/sql"

	"startuplib/migrations"
)

type Store struct{ db *sql.DB }

// NewStore creates the schema: it runs before the program serves.
func NewStore(ctx context.Context, db *sql.DB) (*Store, error) {
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS plans (name text PRIMARY KEY)`); err != nil {
		return nil, err
	}
	s := &Store{db: db}
	if err := s.seedPlan(ctx, "free"); err != nil {
		return nil, err
	}
	migrations.Apply(ctx, db)
	return s, nil
}

// Called only from the constructor: startup code.
func (s *Store) seedPlan(ctx context.Context, name string) error {
	var exists bool
	if err := s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM plans WHERE name = $1)`, name).Scan(&exists); err != nil {
		return err
	}
	if !exists {
		_, err := s.db.ExecContext(ctx, `INSERT INTO plans (name) VALUES ($1)`, name)
		return err
	}
	return nil
}

// Exported: other packages may call it from a handler, so it is reported
// even though this package calls it only from startup code.
func (s *Store) AddPlan(ctx context.Context, name string) error {
	var exists bool
	if err := s.db.QueryRowContext(ctx, `SELECT EXISTS(SELECT 1 FROM plans WHERE name = $1)`, name).Scan(&exists); err != nil { // want `check-then-act race`
		return err
	}
	if !exists {
		_, err := s.db.ExecContext(ctx, `INSERT INTO plans (name) VALUES ($1)`, name)
		return err
	}
	return nil
}

func (s *Store) bootstrapDefaults(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, `ALTER TABLE plans ADD COLUMN IF NOT EXISTS price int`); err != nil {
		return err
	}
	return s.AddPlan(ctx, "pro")
}

// A migration runner keyed by its bookkeeping table.
func (s *Store) applyOnce(ctx context.Context, version int, up func(*sql.Tx) error) error {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = $1`, version).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	_, err := s.db.ExecContext(ctx, `INSERT INTO schema_migrations (version) VALUES ($1)`, version)
	return err
}
