package pgstore

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// InboxRepo remembers handled messages: processed_messages has
// PRIMARY KEY (consumer, message_id).
type InboxRepo struct{ *Store }

// Seen reports whether the consumer handled the message.
func (r InboxRepo) Seen(ctx context.Context, consumer, messageID string) (bool, error) {
	var ok bool
	err := r.pool.QueryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM processed_messages WHERE consumer = $1 AND message_id = $2)`,
		consumer, messageID).Scan(&ok)
	return ok, err
}

// Mark records the message as handled.
func (r InboxRepo) Mark(ctx context.Context, consumer, messageID string) error {
	_, err := r.pool.Exec(ctx,
		`INSERT INTO processed_messages (consumer, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
		consumer, messageID)
	return err
}

// ClaimTx records the message in the caller's transaction and reports
// whether this is the first time; the row commits or rolls back with the
// caller's work.
func ClaimTx(ctx context.Context, tx pgx.Tx, consumer, messageID string) (bool, error) {
	ct, err := tx.Exec(ctx,
		`INSERT INTO processed_messages (consumer, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
		consumer, messageID)
	if err != nil {
		return false, err
	}
	return ct.RowsAffected() == 1, nil
}

// Begin opens a transaction for a consumer's work.
func (s *Store) Begin(ctx context.Context) (pgx.Tx, error) {
	return s.pool.Begin(ctx)
}
