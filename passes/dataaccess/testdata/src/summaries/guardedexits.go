package summaries

import (
	"context"
	"database/sql"
	"errors"
)

// Helpers that write more than one row in a transaction, one of them
// guarded: the helper commits only when the guarded update changed a
// row, so of two callers only one succeeds, and its caller acts only
// then. The fact says stateguard=true although one write is unguarded.

var errNotOne = errors.New("exactly one row should be updated")

func acceptFamilyInvite(ctx context.Context, db *sql.DB, adminID, memberID int64, token string) error { // want acceptFamilyInvite:"stateguard=true"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE families SET status = 'ACCEPTED' WHERE invite_id = $1`, token); err != nil {
		tx.Rollback()
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE users SET family_admin_id = $1 WHERE user_id = $2 AND family_admin_id IS NULL`, adminID, memberID)
	if err != nil {
		tx.Rollback()
		return err
	}
	n, err := res.RowsAffected()
	if err != nil || n != 1 {
		tx.Rollback()
		return errNotOne
	}
	return tx.Commit()
}

// Near miss: the guarded update's outcome is not read; the helper
// commits whoever called it.
func acceptFamilyInviteBlind(ctx context.Context, db *sql.DB, adminID, memberID int64, token string) error { // want acceptFamilyInviteBlind:"stateguard=false"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE families SET status = 'ACCEPTED' WHERE invite_id = $1`, token); err != nil {
		tx.Rollback()
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE users SET family_admin_id = $1 WHERE user_id = $2 AND family_admin_id IS NULL`, adminID, memberID); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}

// Without a transaction: the guarded claim decides the nil return.
func claimCoupon(ctx context.Context, db *sql.DB, code string, userID int64) error { // want claimCoupon:"stateguard=true"
	res, err := db.ExecContext(ctx, `UPDATE coupons SET claimed_by = $1 WHERE code = $2 AND claimed_by IS NULL`, userID, code)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return errNotOne
	}
	return nil
}
