package statusgate

import (
	"context"
	"database/sql"
)

// A store whose delete runs DELETE ... RETURNING through QueryRow tells
// the loser by its error: the second caller's Scan finds no row
// (sql.ErrNoRows), as sqlc's :one queries do.

type IncomingHook struct {
	ID   int64
	Name string
}

type hookStore struct{ db *sql.DB }

func (s *hookStore) get(ctx context.Context, name string) (*IncomingHook, error) {
	var h IncomingHook
	err := s.db.QueryRowContext(ctx, `SELECT id, name FROM hooks WHERE name = $1`, name).Scan(&h.ID, &h.Name)
	return &h, err
}

func (s *hookStore) deleteReturning(ctx context.Context, name string) (*IncomingHook, error) {
	var h IncomingHook
	err := s.db.QueryRowContext(ctx, `DELETE FROM hooks WHERE name = $1 RETURNING id, name`, name).Scan(&h.ID, &h.Name)
	return &h, err
}

func (s *hookStore) deleteAll(ctx context.Context, name string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM hooks WHERE name = $1`, name)
	return err
}

func (s *hookStore) announce(ctx context.Context, kind string) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO webhook_events (kind) VALUES ($1)`, kind)
	return err
}

// The delete's error says only that the statement failed: both callers
// announce.
func removeHook(ctx context.Context, s *hookStore, name string) error {
	h, err := s.get(ctx, name) // want `removal race: the row read here is deleted by deleteAll at line \d+`
	if err != nil {
		return err
	}
	if err := s.deleteAll(ctx, h.Name); err != nil {
		return err
	}
	return s.announce(ctx, "hook.deleted")
}

// Near miss: the RETURNING delete's error is the loser's answer, and the
// announcement runs only where it is nil.
func removeHookOnce(ctx context.Context, s *hookStore, name string) error {
	h, err := s.get(ctx, name)
	if err != nil {
		return err
	}
	if _, err := s.deleteReturning(ctx, h.Name); err != nil {
		return err
	}
	return s.announce(ctx, "hook.deleted")
}
