package pgstore

import (
	"context"

	"github.com/jackc/pgx/v5"

	"example.com/shop3/internal/domain"
)

type NotificationRepo struct{ *Store }

func collectNotifications(rows pgx.Rows) ([]domain.Notification, error) {
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.Notification, error) {
		var n domain.Notification
		err := row.Scan(&n.ID, &n.UserID, &n.Channel, &n.Recipient, &n.Subject, &n.Body)
		return n, err
	})
}

// GetPending lists notifications not sent yet.
func (r NotificationRepo) GetPending(ctx context.Context, limit int) ([]domain.Notification, error) {
	rows, err := r.pool.Query(ctx, `
		SELECT id, user_id, channel, recipient, subject, body
		  FROM notifications WHERE sent_at IS NULL ORDER BY id LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	return collectNotifications(rows)
}

func (r NotificationRepo) MarkSent(ctx context.Context, id int64) error {
	_, err := r.pool.Exec(ctx, `UPDATE notifications SET sent_at = now() WHERE id = $1`, id)
	return err
}

// ClaimPending hands this worker a batch of unsent notifications that no
// other worker holds; the claim expires after ten minutes.
func (r NotificationRepo) ClaimPending(ctx context.Context, worker string, limit int) ([]domain.Notification, error) {
	rows, err := r.pool.Query(ctx, `
		UPDATE notifications n
		   SET claimed_by = $1, claimed_at = now()
		 WHERE n.id IN (
		        SELECT id FROM notifications
		         WHERE sent_at IS NULL
		           AND (claimed_at IS NULL OR claimed_at < now() - interval '10 minutes')
		         ORDER BY id
		         LIMIT $2
		         FOR UPDATE SKIP LOCKED)
		RETURNING n.id, n.user_id, n.channel, n.recipient, n.subject, n.body`, worker, limit)
	if err != nil {
		return nil, err
	}
	return collectNotifications(rows)
}
