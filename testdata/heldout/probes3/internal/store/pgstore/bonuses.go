package pgstore

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
)

// BonusRepo grants the daily check-in bonus. daily_bonuses has a plain
// index on (user_id, day), not a unique one: the check below was meant to
// keep it at one row per day.
type BonusRepo struct{ *Store }

func (r BonusRepo) ClaimDaily(ctx context.Context, userID, cents int64, day time.Time) (bool, error) {
	granted := false
	err := r.inTx(ctx, func(tx pgx.Tx) error {
		var id int64
		err := tx.QueryRow(ctx,
			`SELECT id FROM daily_bonuses WHERE user_id = $1 AND day = $2 FOR UPDATE`, userID, day).Scan(&id)
		if err == nil {
			return nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if _, err := tx.Exec(ctx,
			`INSERT INTO daily_bonuses (user_id, day, cents) VALUES ($1, $2, $3)`, userID, day, cents); err != nil {
			return err
		}
		granted = true
		return appendLedger(ctx, tx, userID, cents, "daily_bonus", day.Format(time.DateOnly))
	})
	return granted, err
}

// ClaimStreak grants the weekly streak bonus; the wallet row is locked
// first, so one user's claims run one after the other.
func (r BonusRepo) ClaimStreak(ctx context.Context, userID, cents int64, week time.Time) (bool, error) {
	granted := false
	err := r.inTx(ctx, func(tx pgx.Tx) error {
		var balance int64
		if err := tx.QueryRow(ctx,
			`SELECT balance_cents FROM wallets WHERE user_id = $1 FOR UPDATE`, userID).Scan(&balance); err != nil {
			return translate(err)
		}
		var n int
		if err := tx.QueryRow(ctx,
			`SELECT count(*) FROM daily_bonuses WHERE user_id = $1 AND day = $2 AND kind = 'streak'`,
			userID, week).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		if _, err := tx.Exec(ctx,
			`INSERT INTO daily_bonuses (user_id, day, cents, kind) VALUES ($1, $2, $3, 'streak')`,
			userID, week, cents); err != nil {
			return err
		}
		granted = true
		return appendLedger(ctx, tx, userID, cents, "streak_bonus", week.Format(time.DateOnly))
	})
	return granted, err
}

// ClaimBirthday grants the yearly birthday bonus under a transaction-scoped
// advisory lock on the user.
func (r BonusRepo) ClaimBirthday(ctx context.Context, userID, cents int64, year int) (bool, error) {
	granted := false
	err := r.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(7301, $1::int)`, userID); err != nil {
			return err
		}
		var id int64
		err := tx.QueryRow(ctx,
			`SELECT id FROM birthday_bonuses WHERE user_id = $1 AND year = $2`, userID, year).Scan(&id)
		if err == nil {
			return nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		if _, err := tx.Exec(ctx,
			`INSERT INTO birthday_bonuses (user_id, year, cents) VALUES ($1, $2, $3)`, userID, year, cents); err != nil {
			return err
		}
		granted = true
		return appendLedger(ctx, tx, userID, cents, "birthday", "")
	})
	return granted, err
}
