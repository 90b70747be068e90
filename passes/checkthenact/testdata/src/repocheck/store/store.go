// Package store is a repository over database/sql: its methods wrap one
// statement each, and the model exports what each does as a fact.
package store

import (
	"context"
	"database/sql"
)

type Events struct{ db *sql.DB }

func (s *Events) IsProcessed(ctx context.Context, id string) (bool, error) {
	var ok bool
	err := s.db.QueryRowContext(ctx, "SELECT EXISTS(SELECT 1 FROM processed_events WHERE id = $1)", id).Scan(&ok)
	return ok, err
}

func (s *Events) MarkProcessed(ctx context.Context, id string) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO processed_events (id) VALUES ($1)", id)
	return err
}

func (s *Events) TryMark(ctx context.Context, id string) (bool, error) {
	res, err := s.db.ExecContext(ctx, "INSERT INTO processed_events (id) VALUES ($1) ON CONFLICT DO NOTHING", id)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

func (s *Events) RecordPayout(ctx context.Context, id string) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO payouts (event_id) VALUES ($1)", id)
	return err
}
