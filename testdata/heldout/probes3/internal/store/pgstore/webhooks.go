package pgstore

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// WebhookRepo: webhook_events has PRIMARY KEY (provider, event_id).
type WebhookRepo struct{ *Store }

func (r WebhookRepo) Exists(ctx context.Context, provider, eventID string) (bool, error) {
	var n int
	err := r.pool.QueryRow(ctx,
		`SELECT count(*) FROM webhook_events WHERE provider = $1 AND event_id = $2`, provider, eventID).Scan(&n)
	return n > 0, err
}

func (r WebhookRepo) Insert(ctx context.Context, provider, eventID, payload string) error {
	_, err := r.pool.Exec(ctx,
		`INSERT INTO webhook_events (provider, event_id, payload) VALUES ($1, $2, $3)`,
		provider, eventID, payload)
	return translate(err)
}

// Once records the event and runs fn in the same transaction when the
// event is new; it reports whether fn ran.
func (r WebhookRepo) Once(ctx context.Context, provider, eventID, payload string, fn func(pgx.Tx) error) (bool, error) {
	ran := false
	err := r.inTx(ctx, func(tx pgx.Tx) error {
		ct, err := tx.Exec(ctx, `
			INSERT INTO webhook_events (provider, event_id, payload) VALUES ($1, $2, $3)
			ON CONFLICT (provider, event_id) DO NOTHING`, provider, eventID, payload)
		if err != nil {
			return err
		}
		if ct.RowsAffected() == 0 {
			return nil
		}
		ran = true
		return fn(tx)
	})
	return ran, err
}

// MarkOrderPaidTx sets the order paid and queues the receipt in the outbox.
func MarkOrderPaidTx(ctx context.Context, tx pgx.Tx, orderID int64, paymentRef string) error {
	if _, err := tx.Exec(ctx,
		`UPDATE orders SET status = 'paid', payment_ref = $2 WHERE id = $1 AND status = 'pending'`,
		orderID, paymentRef); err != nil {
		return err
	}
	_, err := tx.Exec(ctx,
		`INSERT INTO outbox (topic, payload) VALUES ('order.paid', json_build_object('order_id', $1::bigint))`,
		orderID)
	return err
}
