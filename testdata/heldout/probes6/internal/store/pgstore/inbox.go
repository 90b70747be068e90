package pgstore

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Inbox struct{ Pool *pgxpool.Pool }

func (s Inbox) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	var seen bool
	err := s.Pool.QueryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM processed_messages WHERE consumer = $1 AND message_id = $2)`,
		consumer, messageID).Scan(&seen)
	if err != nil {
		return false, fmt.Errorf("inbox seen: %w", err)
	}
	return seen, nil
}

func (s Inbox) MarkSeen(ctx context.Context, consumer, messageID string) error {
	_, err := s.Pool.Exec(ctx,
		`INSERT INTO processed_messages (consumer, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
		consumer, messageID)
	if err != nil {
		return fmt.Errorf("inbox mark: %w", err)
	}
	return nil
}

type Bonuses struct{ Pool *pgxpool.Pool }

func (s Bonuses) GrantOnce(ctx context.Context, consumer, messageID string, driverID, amount int64) (bool, error) {
	granted := false
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx,
			`INSERT INTO processed_messages (consumer, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
			consumer, messageID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		if _, err := tx.Exec(ctx,
			`INSERT INTO driver_bonuses (driver_id, amount_cents, source_message) VALUES ($1, $2, $3)`,
			driverID, amount, messageID); err != nil {
			return err
		}
		granted = true
		return nil
	})
	if err != nil {
		return false, fmt.Errorf("grant bonus: %w", err)
	}
	return granted, nil
}
