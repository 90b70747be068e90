package repo

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Inbox remembers consumed message ids in processed_messages.
type Inbox struct {
	Pool *pgxpool.Pool
}

func (i *Inbox) Seen(ctx context.Context, msgID string) (bool, error) {
	var n int
	err := i.Pool.QueryRow(ctx, `SELECT count(*) FROM processed_messages WHERE message_id = $1`, msgID).Scan(&n)
	return n > 0, err
}

func (i *Inbox) Remember(ctx context.Context, msgID string) error {
	_, err := i.Pool.Exec(ctx, `INSERT INTO processed_messages (message_id) VALUES ($1) ON CONFLICT (message_id) DO NOTHING`, msgID)
	return err
}

// ClaimTx claims msgID on tx; false if already claimed.
func ClaimTx(ctx context.Context, tx pgx.Tx, msgID string) (bool, error) {
	tag, err := tx.Exec(ctx, `INSERT INTO processed_messages (message_id) VALUES ($1) ON CONFLICT (message_id) DO NOTHING`, msgID)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
