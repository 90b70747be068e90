package sqlcheck

import (
	"context"
	"database/sql"
)

// The referral bonus added before the insert is added by both callers
// that found no referral: the message names it.
func referralAfterBonus(ctx context.Context, db *sql.DB, user, referrer int64) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM referrals WHERE user_id = $1`, user).Scan(&n); err != nil { // want `check-then-act race: the existence check on referrals and the insert at line \d+ are separate steps, so two concurrent callers can both see it absent and both insert; the update of accounts at line \d+ runs before the insert`
		return err
	}
	if n > 0 {
		return nil
	}
	if _, err := db.ExecContext(ctx, `UPDATE accounts SET credit = credit + 5 WHERE id = $1`, referrer); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO referrals (user_id, referrer_id) VALUES ($1, $2)`, user, referrer)
	return err
}

// Near miss for the message: an absolute write before the insert leaves
// the row as one caller would; the race is the insert's alone.
func referralAfterTouch(ctx context.Context, db *sql.DB, user, referrer int64) error {
	var n int
	if err := db.QueryRowContext(ctx, `SELECT count(*) FROM referrals WHERE user_id = $1`, user).Scan(&n); err != nil { // want `check-then-act race: the existence check on referrals and the insert at line \d+ are separate steps, so two concurrent callers can both see it absent and both insert \(make it one step`
		return err
	}
	if n > 0 {
		return nil
	}
	if _, err := db.ExecContext(ctx, `UPDATE accounts SET referred = true WHERE id = $1`, referrer); err != nil {
		return err
	}
	_, err := db.ExecContext(ctx, `INSERT INTO referrals (user_id, referrer_id) VALUES ($1, $2)`, user, referrer)
	return err
}
