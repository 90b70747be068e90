package pgstore

import (
	"context"

	"github.com/jackc/pgx/v5"
)

type OutboxMessage struct {
	ID      int64
	Topic   string
	Payload []byte
}

type OutboxRepo struct{ *Store }

func (r OutboxRepo) Unpublished(ctx context.Context, limit int) ([]OutboxMessage, error) {
	rows, err := r.pool.Query(ctx,
		`SELECT id, topic, payload FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByPos[OutboxMessage])
}

func (r OutboxRepo) MarkPublished(ctx context.Context, id int64) error {
	_, err := r.pool.Exec(ctx, `UPDATE outbox SET published_at = now() WHERE id = $1`, id)
	return err
}

// Relay publishes a batch that no other relay holds and deletes what was
// published, in one transaction.
func (r OutboxRepo) Relay(ctx context.Context, limit int, publish func(context.Context, OutboxMessage) error) (int, error) {
	sent := 0
	err := r.inTx(ctx, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, `
			SELECT id, topic, payload FROM outbox
			 WHERE published_at IS NULL ORDER BY id LIMIT $1
			 FOR UPDATE SKIP LOCKED`, limit)
		if err != nil {
			return err
		}
		batch, err := pgx.CollectRows(rows, pgx.RowToStructByPos[OutboxMessage])
		if err != nil {
			return err
		}
		for _, m := range batch {
			if err := publish(ctx, m); err != nil {
				break
			}
			if _, err := tx.Exec(ctx, `DELETE FROM outbox WHERE id = $1`, m.ID); err != nil {
				return err
			}
			sent++
		}
		return nil
	})
	return sent, err
}
