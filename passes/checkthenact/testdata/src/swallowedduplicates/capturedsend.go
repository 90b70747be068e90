package swallowedduplicates

import (
	"context"
	"database/sql"
	"errors"
)

// SendFunc delivers a verification code; callers hand it in.
type SendFunc func(ctx context.Context, phone, code string) error

type Verifications struct{ db *sql.DB }

func (v *Verifications) inTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := v.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	return tx.Commit()
}

// The transaction callback captures send: two starts both find no
// verification and both text a code; the conditional insert keeps one
// row, not one text.
func (v *Verifications) Start(ctx context.Context, userID int64, phone, code string, send SendFunc) error {
	return v.inTx(ctx, func(tx *sql.Tx) error {
		var id int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM phone_verifications WHERE user_id = $1`, userID).Scan(&id) // want `the conditional insert at line \d+ let two concurrent callers both reach the call at line \d+`
		if err == nil {
			return nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if err := send(ctx, phone, code); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `INSERT INTO phone_verifications (user_id, phone, code) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING`, userID, phone, code)
		return err
	})
}

// Near miss: the code is texted only by the caller whose insert added
// the row.
func (v *Verifications) StartOnce(ctx context.Context, userID int64, phone, code string, send SendFunc) error {
	inserted := false
	err := v.inTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO phone_verifications (user_id, phone, code) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING`, userID, phone, code)
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		inserted = n == 1
		return err
	})
	if err != nil || !inserted {
		return err
	}
	return send(ctx, phone, code)
}
