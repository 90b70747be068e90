package limits

import (
	"context"
	"errors"

	"github.com/jmoiron/sqlx"
)

type Registrations struct{ db *sqlx.DB }

// insertRegistration runs on whatever it is handed: the pool or a
// transaction.
func insertRegistration(ctx context.Context, q sqlx.ExtContext, eventID int64, email string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO registrations (event_id, email) VALUES ($1, $2)`, eventID, email)
	return err
}

func countRegistrations(ctx context.Context, q sqlx.QueryerContext, eventID int64) (int, error) {
	var n int
	err := sqlx.GetContext(ctx, q, &n, `SELECT count(*) FROM registrations WHERE event_id = $1`, eventID)
	return n, err
}

// Two registrations for the last seat both count under the capacity and
// both insert.
func (s *Registrations) Register(ctx context.Context, eventID int64, capacity int, email string) error {
	taken, err := countRegistrations(ctx, s.db, eventID) // want `limit race: the count countRegistrations is compared with a limit at line \d+, and the insert at line \d+ adds to what it counts`
	if err != nil {
		return err
	}
	if taken >= capacity {
		return errors.New("event full")
	}
	return insertRegistration(ctx, s.db, eventID, email)
}

// Near miss: the event row is locked first in the transaction both the
// count and the insert run on.
func (s *Registrations) RegisterLocked(ctx context.Context, eventID int64, capacity int, email string) error {
	tx, err := s.db.BeginTxx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `SELECT id FROM events WHERE id = $1 FOR UPDATE`, eventID); err != nil {
		return err
	}
	taken, err := countRegistrations(ctx, tx, eventID)
	if err != nil {
		return err
	}
	if taken >= capacity {
		return errors.New("event full")
	}
	if err := insertRegistration(ctx, tx, eventID, email); err != nil {
		return err
	}
	return tx.Commit()
}
