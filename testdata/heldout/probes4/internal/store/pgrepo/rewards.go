package pgrepo

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const (
	qDailyRewardForUpdate = `SELECT id FROM daily_rewards WHERE user_id = $1 AND reward_day = $2 FOR UPDATE`
	qInsertDailyReward    = `INSERT INTO daily_rewards (user_id, reward_day, points) VALUES ($1, $2, $3)`
	qCreditPoints         = `UPDATE users SET points = points + $2 WHERE id = $1`
	qLockUser             = `SELECT id FROM users WHERE id = $1 FOR UPDATE`
	qStreakBonusExists    = `SELECT EXISTS (SELECT 1 FROM streak_bonuses WHERE user_id = $1 AND streak = $2)`
	qInsertStreakBonus    = `INSERT INTO streak_bonuses (user_id, streak, points) VALUES ($1, $2, $3)`
)

type Rewards struct{ pool *pgxpool.Pool }

func NewRewards(pool *pgxpool.Pool) *Rewards { return &Rewards{pool: pool} }

// ClaimDaily credits the daily login reward once per user and day.
func (r *Rewards) ClaimDaily(ctx context.Context, userID int64, day time.Time, points int64) (bool, error) {
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return false, err
	}
	defer tx.Rollback(ctx) //nolint:errcheck

	var id int64
	err = tx.QueryRow(ctx, qDailyRewardForUpdate, userID, day.Format("2006-01-02")).Scan(&id)
	switch {
	case err == nil:
		return false, nil
	case !errors.Is(err, pgx.ErrNoRows):
		return false, err
	}
	if _, err := tx.Exec(ctx, qInsertDailyReward, userID, day.Format("2006-01-02"), points); err != nil {
		return false, mapErr(err)
	}
	if _, err := tx.Exec(ctx, qCreditPoints, userID, points); err != nil {
		return false, err
	}
	return true, tx.Commit(ctx)
}

// ClaimStreakBonus credits the bonus for reaching a login streak, once per
// streak length.
func (r *Rewards) ClaimStreakBonus(ctx context.Context, userID int64, streak int, points int64) (bool, error) {
	claimed := false
	err := pgx.BeginFunc(ctx, r.pool, func(tx pgx.Tx) error {
		var uid int64
		if err := tx.QueryRow(ctx, qLockUser, userID).Scan(&uid); err != nil {
			return mapErr(err)
		}
		var exists bool
		if err := tx.QueryRow(ctx, qStreakBonusExists, userID, streak).Scan(&exists); err != nil {
			return err
		}
		if exists {
			return nil
		}
		if _, err := tx.Exec(ctx, qInsertStreakBonus, userID, streak, points); err != nil {
			return mapErr(err)
		}
		if _, err := tx.Exec(ctx, qCreditPoints, userID, points); err != nil {
			return err
		}
		claimed = true
		return nil
	})
	return claimed, err
}
