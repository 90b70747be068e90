package statusgate

import (
	"context"
	"database/sql"
)

// The state returned alone, as a string, by a helper or a repository
// method named for it: the gate is the same as on a record's field.

type Capturer interface {
	Capture(ctx context.Context, paymentID string) error
}

func captureStatus(ctx context.Context, q interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}, id string) (string, error) {
	var status string
	err := q.QueryRowContext(ctx, `SELECT status FROM captures WHERE id = $1`, id).Scan(&status)
	return status, err
}

func lockedCaptureStatus(ctx context.Context, tx *sql.Tx, id string) (string, error) {
	var status string
	err := tx.QueryRowContext(ctx, `SELECT status FROM captures WHERE id = $1 FOR UPDATE`, id).Scan(&status)
	return status, err
}

// Two webhooks both read "authorized" and both capture.
func CaptureOnce(ctx context.Context, db *sql.DB, psp Capturer, id string) error {
	status, err := captureStatus(ctx, db, id) // want `status-gate race: its state read here is tested, then Capture`
	if err != nil {
		return err
	}
	if status != "authorized" {
		return nil
	}
	if err := psp.Capture(ctx, id); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE captures SET status = 'captured' WHERE id = $1`, id)
	return err
}

// Near miss: the first test is a pre-check; the helper reads the row
// again with FOR UPDATE in the transaction, and the state is tested
// again before the capture.
func CaptureRechecked(ctx context.Context, db *sql.DB, psp Capturer, id string) error {
	status, err := captureStatus(ctx, db, id)
	if err != nil {
		return err
	}
	if status != "authorized" {
		return nil
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	status, err = lockedCaptureStatus(ctx, tx, id)
	if err != nil {
		return err
	}
	if status != "authorized" {
		return nil
	}
	if err := psp.Capture(ctx, id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE captures SET status = 'captured' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}

type CaptureState string

type CaptureStates interface {
	GetCaptureStatus(ctx context.Context, id string) (CaptureState, error)
	GetCaptureMemo(ctx context.Context, id string) (string, error)
	UpdateCaptureStatus(ctx context.Context, id string, s CaptureState) error
}

// The same through a repository method named for the state.
func CaptureThrough(ctx context.Context, repo CaptureStates, psp Capturer, id string) error {
	st, err := repo.GetCaptureStatus(ctx, id) // want `status-gate race: its state read here is tested, then Capture`
	if err != nil {
		return err
	}
	if st != "authorized" {
		return nil
	}
	if err := psp.Capture(ctx, id); err != nil {
		return err
	}
	return repo.UpdateCaptureStatus(ctx, id, "captured")
}

// Near miss: a string the repository returns that is not named for a
// state.
func CaptureByMemo(ctx context.Context, repo CaptureStates, psp Capturer, id string) error {
	memo, err := repo.GetCaptureMemo(ctx, id)
	if err != nil {
		return err
	}
	if memo != "authorized" {
		return nil
	}
	if err := psp.Capture(ctx, id); err != nil {
		return err
	}
	return repo.UpdateCaptureStatus(ctx, id, "captured")
}
