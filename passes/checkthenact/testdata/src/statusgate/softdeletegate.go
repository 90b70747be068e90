package statusgate

import (
	"context"
	"database/sql"
	"net/http"
	"strings"
)

// A delivery worker marks the delivery processing, then sends it. The
// state write filters soft-deleted rows (deleted_at IS NULL), which hides
// deleted rows but lets both of two workers through: both send.
func dispatchDelivery(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM deliveries WHERE id = $1 AND deleted_at IS NULL`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested, then Post at line \d+ and the state write at line \d+`
		return err
	}
	if status == "success" || status == "processing" {
		return nil
	}
	if _, err := db.ExecContext(ctx, `UPDATE deliveries SET status = 'processing' WHERE id = $1 AND deleted_at IS NULL`, id); err != nil {
		return err
	}
	_, err := http.Post("https://hooks.example/in", "text/plain", strings.NewReader(id))
	return err
}

// Near miss: the write also tests the state, and only the worker that
// moved the row sends.
func dispatchDeliveryGuarded(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM deliveries WHERE id = $1 AND deleted_at IS NULL`, id).Scan(&status); err != nil {
		return err
	}
	if status == "success" || status == "processing" {
		return nil
	}
	res, err := db.ExecContext(ctx, `UPDATE deliveries SET status = 'processing' WHERE id = $1 AND deleted_at IS NULL AND status = 'scheduled'`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		_, err = http.Post("https://hooks.example/in", "text/plain", strings.NewReader(id))
	}
	return err
}

// The state write is a writable CTE whose rows feed a bookkeeping insert
// (ON CONFLICT DO NOTHING into a table of stale days): the statement's
// write to deliveries is the CTE's unguarded UPDATE, and both workers send.
func dispatchDeliveryCounted(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM deliveries WHERE id = $1`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested, then Post at line \d+ and the state write at line \d+`
		return err
	}
	if status == "success" {
		return nil
	}
	const mark = `WITH updated AS (UPDATE deliveries SET status = 'processing' WHERE id = $1 RETURNING created_at)
		INSERT INTO stale_days (day) SELECT created_at::date FROM updated ON CONFLICT DO NOTHING`
	if _, err := db.ExecContext(ctx, mark, id); err != nil {
		return err
	}
	_, err := http.Post("https://hooks.example/in", "text/plain", strings.NewReader(id))
	return err
}

// Near miss: the CTE's UPDATE tests the state, and its rows affected gate
// the send.
func dispatchDeliveryCountedGuarded(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM deliveries WHERE id = $1`, id).Scan(&status); err != nil {
		return err
	}
	if status == "success" {
		return nil
	}
	const mark = `WITH updated AS (UPDATE deliveries SET status = 'processing' WHERE id = $1 AND status = 'scheduled' RETURNING created_at)
		INSERT INTO stale_days (day) SELECT created_at::date FROM updated ON CONFLICT DO NOTHING`
	res, err := db.ExecContext(ctx, mark, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		_, err = http.Post("https://hooks.example/in", "text/plain", strings.NewReader(id))
	}
	return err
}
