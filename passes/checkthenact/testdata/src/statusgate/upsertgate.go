package statusgate

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strings"
	"time"
)

// A webhook's processed_at is read into a nullable, tested, the ledger is
// credited, and the event is upserted as processed. The upsert's DO
// UPDATE overwrites the row for both of two deliveries: neither is
// refused, and both credit.
func handleWebhook(ctx context.Context, db *sql.DB, eventID string) error {
	var processedAt sql.NullTime
	err := db.QueryRowContext(ctx, `SELECT processed_at FROM webhook_events WHERE id = $1`, eventID).Scan(&processedAt) // want `status-gate race: processedAt read here is tested, then Post at line \d+ and the state write at line \d+`
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if processedAt.Valid {
		return nil
	}
	if _, err := http.Post("https://ledger.example/credit", "text/plain", strings.NewReader(eventID)); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `INSERT INTO webhook_events (id, processed_at) VALUES ($1, $2)
		ON CONFLICT (id) DO UPDATE SET processed_at = EXCLUDED.processed_at`, eventID, time.Now())
	return err
}

// Near miss: the upsert's update is guarded (WHERE processed_at IS NULL)
// and runs first; only the delivery that changed the row credits.
func handleWebhookClaimed(ctx context.Context, db *sql.DB, eventID string) error {
	var processedAt sql.NullTime
	err := db.QueryRowContext(ctx, `SELECT processed_at FROM webhook_events WHERE id = $1`, eventID).Scan(&processedAt)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if processedAt.Valid {
		return nil
	}
	res, err := db.ExecContext(ctx, `INSERT INTO webhook_events (id, processed_at) VALUES ($1, $2)
		ON CONFLICT (id) DO UPDATE SET processed_at = EXCLUDED.processed_at WHERE webhook_events.processed_at IS NULL`, eventID, time.Now())
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	_, err = http.Post("https://ledger.example/credit", "text/plain", strings.NewReader(eventID))
	return err
}

func markProcessed(ctx context.Context, db *sql.DB, eventID string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO webhook_events (id, processed_at) VALUES ($1, now())
		ON CONFLICT (id) DO UPDATE SET processed_at = EXCLUDED.processed_at`, eventID)
	return err
}

// The same upsert in a helper, run before the credit: its error says
// only that the statement ran, for both deliveries, so it picks no
// winner.
func handleWebhookMarkedFirst(ctx context.Context, db *sql.DB, eventID string) error {
	var processedAt sql.NullTime
	err := db.QueryRowContext(ctx, `SELECT processed_at FROM webhook_events WHERE id = $1`, eventID).Scan(&processedAt) // want `status-gate race: processedAt read here is tested`
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	if processedAt.Valid {
		return nil
	}
	if err := markProcessed(ctx, db, eventID); err != nil {
		return err
	}
	_, err = http.Post("https://ledger.example/credit", "text/plain", strings.NewReader(eventID))
	return err
}
