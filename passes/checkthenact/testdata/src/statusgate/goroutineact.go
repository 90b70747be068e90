package statusgate

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
)

// The act runs in a goroutine the gated branch starts: two deliveries
// both read "pending" and both start it.
func shipWebhook(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM shipments WHERE id = $1`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested, then Post at line \d+ and the state write at line \d+`
		return err
	}
	if status == "shipped" {
		return nil
	}
	go func() {
		http.Post("https://carrier.example/ship", "text/plain", nil)
	}()
	_, err := db.ExecContext(ctx, `UPDATE shipments SET status = 'shipped' WHERE id = $1`, id)
	return err
}

// Near miss: the goroutine starts only for the caller whose conditional
// update moved the state.
func shipWebhookGuarded(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM shipments WHERE id = $1`, id).Scan(&status); err != nil {
		return err
	}
	if status == "shipped" {
		return nil
	}
	res, err := db.ExecContext(ctx, `UPDATE shipments SET status = 'shipped' WHERE id = $1 AND status = 'pending'`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		go func() {
			http.Post("https://carrier.example/ship", "text/plain", strings.NewReader(id))
		}()
	}
	return nil
}
