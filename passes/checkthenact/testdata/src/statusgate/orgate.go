package statusgate

import (
	"context"
	"database/sql"
	"net/http"
	"slices"
	"strings"
)

// Two states let the act through, tested with ||: two retries of one
// failed payout both read "failed" and both send the money.
func retryPayout(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM payouts WHERE id = $1`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested, then Post at line 19 and the state write at line 20`
		return err
	}
	if status == "pending" || status == "failed" {
		http.Post("https://bank.example/transfers", "text/plain", strings.NewReader(id))
		_, err := db.ExecContext(ctx, `UPDATE payouts SET status = 'sent' WHERE id = $1`, id)
		return err
	}
	return nil
}

// The same two states as the cases of a switch.
func retryPayoutSwitch(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM payouts WHERE id = $1`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested, then Post at line 37 and the state write at line 38`
		return err
	}
	switch status {
	case "pending", "failed":
	default:
		return nil
	}
	http.Post("https://bank.example/transfers", "text/plain", strings.NewReader(id))
	_, err := db.ExecContext(ctx, `UPDATE payouts SET status = 'sent' WHERE id = $1`, id)
	return err
}

// Near miss: the || arm moves the row with a conditional update first,
// and only the caller that moved it sends.
func retryPayoutGuarded(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM payouts WHERE id = $1`, id).Scan(&status); err != nil {
		return err
	}
	if status == "pending" || status == "failed" {
		res, err := db.ExecContext(ctx, `UPDATE payouts SET status = 'sent' WHERE id = $1 AND status IN ('pending', 'failed')`, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 1 {
			http.Post("https://bank.example/transfers", "text/plain", strings.NewReader(id))
		}
	}
	return nil
}

// Near miss: the switch's cases lead to a conditional update that picks
// the one caller that sends.
func retryPayoutSwitchGuarded(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM payouts WHERE id = $1`, id).Scan(&status); err != nil {
		return err
	}
	switch status {
	case "pending", "failed":
	default:
		return nil
	}
	res, err := db.ExecContext(ctx, `UPDATE payouts SET status = 'sent' WHERE id = $1 AND status IN ('pending', 'failed')`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		http.Post("https://bank.example/transfers", "text/plain", strings.NewReader(id))
	}
	return nil
}

var retryable = map[string]bool{"pending": true, "failed": true}

// The states let through are listed in a set.
func retryPayoutInSet(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM payouts WHERE id = $1`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested`
		return err
	}
	if !retryable[status] {
		return nil
	}
	http.Post("https://bank.example/transfers", "text/plain", strings.NewReader(id))
	_, err := db.ExecContext(ctx, `UPDATE payouts SET status = 'sent' WHERE id = $1`, id)
	return err
}

// The states let through are listed in a slice.
func retryPayoutContains(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM payouts WHERE id = $1`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested`
		return err
	}
	if !slices.Contains([]string{"pending", "failed"}, status) {
		return nil
	}
	http.Post("https://bank.example/transfers", "text/plain", strings.NewReader(id))
	_, err := db.ExecContext(ctx, `UPDATE payouts SET status = 'sent' WHERE id = $1`, id)
	return err
}

// Near miss: the set lets the states through to a conditional update that
// picks the one sender.
func retryPayoutInSetGuarded(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM payouts WHERE id = $1`, id).Scan(&status); err != nil {
		return err
	}
	if _, ok := retryableStates[status]; !ok {
		return nil
	}
	res, err := db.ExecContext(ctx, `UPDATE payouts SET status = 'sent' WHERE id = $1 AND status IN ('pending', 'failed')`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		http.Post("https://bank.example/transfers", "text/plain", strings.NewReader(id))
	}
	return nil
}

var retryableStates = map[string]struct{}{"pending": {}, "failed": {}}

// The comma-ok form of the same set.
func retryPayoutInStates(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM payouts WHERE id = $1`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested`
		return err
	}
	if _, ok := retryableStates[status]; !ok {
		return nil
	}
	http.Post("https://bank.example/transfers", "text/plain", strings.NewReader(id))
	_, err := db.ExecContext(ctx, `UPDATE payouts SET status = 'sent' WHERE id = $1`, id)
	return err
}

// The same two states, as the negation: every other state returns.
func retryPayoutUnlessOther(ctx context.Context, db *sql.DB, id string) error {
	var status string
	if err := db.QueryRowContext(ctx, `SELECT status FROM payouts WHERE id = $1`, id).Scan(&status); err != nil { // want `status-gate race: its state read here is tested`
		return err
	}
	if status != "pending" && status != "failed" {
		return nil
	}
	http.Post("https://bank.example/transfers", "text/plain", strings.NewReader(id))
	_, err := db.ExecContext(ctx, `UPDATE payouts SET status = 'sent' WHERE id = $1`, id)
	return err
}
