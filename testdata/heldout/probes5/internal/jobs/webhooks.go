package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/jmoiron/sqlx"

	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/sqlxstore"
)

const deliveryColumns = `d.id, d.endpoint_id, d.event_type, d.payload, d.status, d.attempts, d.next_attempt, e.url, e.secret`

func backoff(attempts int) time.Duration {
	if attempts > 10 {
		attempts = 10
	}
	return time.Duration(1<<attempts) * 30 * time.Second
}

// WebhookRetrier re-sends webhook deliveries that failed earlier.
type WebhookRetrier struct {
	DB     *sqlx.DB
	Sender effects.WebhookSender
	Log    *slog.Logger
}

func (j *WebhookRetrier) Name() string { return "webhook-retrier" }

func (j *WebhookRetrier) Run(ctx context.Context) error {
	var pending []sqlxstore.WebhookDelivery
	if err := j.DB.SelectContext(ctx, &pending,
		`SELECT `+deliveryColumns+` FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
		 WHERE d.status = 'pending' AND d.next_attempt <= now() AND d.attempts > 0
		 ORDER BY d.next_attempt LIMIT 100`); err != nil {
		return sqlxstore.MapErr(err)
	}
	for _, d := range pending {
		j.attempt(ctx, d)
	}
	return nil
}

func (j *WebhookRetrier) attempt(ctx context.Context, d sqlxstore.WebhookDelivery) {
	callCtx, cancel := context.WithTimeout(ctx, 15*time.Second)
	err := j.Sender.Deliver(callCtx, d.URL, d.Secret, d.EventType, d.Payload)
	cancel()
	if err != nil {
		_, _ = j.DB.ExecContext(ctx,
			`UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt = $2 WHERE id = $1`,
			d.ID, time.Now().Add(backoff(d.Attempts+1)))
		return
	}
	if _, err := j.DB.ExecContext(ctx,
		`UPDATE webhook_deliveries SET status = 'delivered', delivered_at = now() WHERE id = $1`, d.ID); err != nil {
		j.Log.Warn("mark delivered", "delivery", d.ID, "err", err)
	}
}

// WebhookDispatcher sends first attempts. Each batch is selected with
// FOR UPDATE SKIP LOCKED and moved out of the due window before it is sent.
type WebhookDispatcher struct {
	DB     *sqlx.DB
	Sender effects.WebhookSender
	Log    *slog.Logger
}

func (j *WebhookDispatcher) Name() string { return "webhook-dispatcher" }

func (j *WebhookDispatcher) Run(ctx context.Context) error {
	var batch []sqlxstore.WebhookDelivery
	err := sqlxstore.InTx(ctx, j.DB, func(tx *sqlx.Tx) error {
		if err := tx.SelectContext(ctx, &batch,
			`SELECT `+deliveryColumns+` FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
			 WHERE d.status = 'pending' AND d.next_attempt <= now() AND d.attempts = 0
			 ORDER BY d.id LIMIT 10
			 FOR UPDATE OF d SKIP LOCKED`); err != nil {
			return err
		}
		for _, d := range batch {
			if _, err := tx.ExecContext(ctx,
				`UPDATE webhook_deliveries SET claimed_at = now(), attempts = 1, next_attempt = now() + interval '30 minutes' WHERE id = $1`,
				d.ID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return sqlxstore.MapErr(err)
	}
	for _, d := range batch {
		callCtx, cancel := context.WithTimeout(ctx, 15*time.Second)
		err := j.Sender.Deliver(callCtx, d.URL, d.Secret, d.EventType, d.Payload)
		cancel()
		if err != nil {
			_, _ = j.DB.ExecContext(ctx, `UPDATE webhook_deliveries SET next_attempt = $2 WHERE id = $1`, d.ID, time.Now().Add(backoff(1)))
			continue
		}
		_, _ = j.DB.ExecContext(ctx, `UPDATE webhook_deliveries SET status = 'delivered', delivered_at = now() WHERE id = $1`, d.ID)
	}
	return nil
}
