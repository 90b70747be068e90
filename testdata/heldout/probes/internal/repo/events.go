package repo

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// EventLog records processed webhook events (event_id is the primary key).
type EventLog struct {
	Pool *pgxpool.Pool
}

func (l *EventLog) IsProcessed(ctx context.Context, eventID string) (bool, error) {
	var done bool
	err := l.Pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM processed_events WHERE event_id = $1)`, eventID).Scan(&done)
	return done, err
}

func (l *EventLog) MarkProcessed(ctx context.Context, eventID string) error {
	_, err := l.Pool.Exec(ctx, `INSERT INTO processed_events (event_id) VALUES ($1)`, eventID)
	return err
}

// Begin starts a transaction for the caller.
func (l *EventLog) Begin(ctx context.Context) (pgx.Tx, error) { return l.Pool.Begin(ctx) }
