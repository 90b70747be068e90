package statusgate

import (
	"context"
	"database/sql"
	"net/http"
)

// runOnExecutor asks the executor to run a job.
func runOnExecutor(id string) error {
	_, err := http.Post("https://executor.example/jobs/"+id+"/run", "text/plain", nil)
	return err
}

// cancelOnExecutor asks the executor to cancel a job.
func cancelOnExecutor(id string) error {
	_, err := http.Post("https://executor.example/jobs/"+id+"/cancel", "text/plain", nil)
	return err
}

// Two starts of one queued job both see it queued and both run it.
func startJob(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM jobs WHERE id = $1`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested, then runOnExecutor at line \d+`
		return err
	}
	if status != "queued" {
		return nil
	}
	if err := runOnExecutor(id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return err
}

// Near miss: the act ends the job; a second cancel finds nothing left to
// cancel at the executor.
func cancelJob(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM jobs WHERE id = $1`, id).Scan(&status); err != nil {
		return err
	}
	if status != "running" {
		return nil
	}
	if err := cancelOnExecutor(id); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `UPDATE jobs SET status = 'canceled' WHERE id = $1`, id)
	return err
}
