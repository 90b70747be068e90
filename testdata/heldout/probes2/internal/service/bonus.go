package service

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"
)

var ErrBonusClaimed = errors.New("bonus already claimed")

// BonusService hands out the daily check-in and weekly streak bonuses.
type BonusService struct {
	db          *sql.DB
	dailyCents  int64
	weeklyCents int64
	log         *slog.Logger
}

func NewBonusService(db *sql.DB, log *slog.Logger) *BonusService {
	return &BonusService{db: db, dailyCents: 10, weeklyCents: 100, log: log}
}

func creditBalance(ctx context.Context, tx *sql.Tx, userID, cents int64) error {
	_, err := tx.ExecContext(ctx,
		`UPDATE balances SET amount_cents = amount_cents + $2, updated_at = now() WHERE user_id = $1`,
		userID, cents)
	return err
}

// ClaimDaily credits today's check-in bonus.
func (s *BonusService) ClaimDaily(ctx context.Context, userID int64, now time.Time) error {
	day := now.UTC().Format("2006-01-02")
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	var one int
	err = tx.QueryRowContext(ctx,
		`SELECT 1 FROM daily_bonus WHERE user_id = $1 AND day = $2 FOR UPDATE`, userID, day).Scan(&one)
	switch {
	case err == nil:
		return ErrBonusClaimed
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("claim daily bonus: %w", err)
	}
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO daily_bonus (user_id, day, amount_cents) VALUES ($1, $2, $3)`,
		userID, day, s.dailyCents); err != nil {
		return fmt.Errorf("claim daily bonus: %w", err)
	}
	if err := creditBalance(ctx, tx, userID, s.dailyCents); err != nil {
		return fmt.Errorf("claim daily bonus: %w", err)
	}
	return tx.Commit()
}

// ClaimWeekly credits the weekly streak bonus.
func (s *BonusService) ClaimWeekly(ctx context.Context, userID int64, now time.Time) error {
	year, week := now.UTC().ISOWeek()
	period := strconv.Itoa(year) + "-W" + strconv.Itoa(week)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()

	if _, err := tx.ExecContext(ctx,
		`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`,
		"weekly-bonus:"+strconv.FormatInt(userID, 10)); err != nil {
		return fmt.Errorf("claim weekly bonus: lock: %w", err)
	}
	var one int
	err = tx.QueryRowContext(ctx,
		`SELECT 1 FROM weekly_bonus WHERE user_id = $1 AND period = $2`, userID, period).Scan(&one)
	switch {
	case err == nil:
		return ErrBonusClaimed
	case !errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("claim weekly bonus: %w", err)
	}
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO weekly_bonus (user_id, period, amount_cents) VALUES ($1, $2, $3)`,
		userID, period, s.weeklyCents); err != nil {
		return fmt.Errorf("claim weekly bonus: %w", err)
	}
	if err := creditBalance(ctx, tx, userID, s.weeklyCents); err != nil {
		return fmt.Errorf("claim weekly bonus: %w", err)
	}
	return tx.Commit()
}
