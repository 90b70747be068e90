package bunrepo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"
)

var ErrAlreadyClaimed = errors.New("reward already claimed")

type CampaignClaim struct {
	bun.BaseModel `bun:"table:campaign_claims,alias:cc"`

	ID         int64     `bun:"id,pk,autoincrement"`
	UserID     int64     `bun:"user_id,notnull"`
	CampaignID int64     `bun:"campaign_id,notnull"`
	Points     int64     `bun:"points,notnull"`
	ClaimedAt  time.Time `bun:"claimed_at,nullzero,notnull,default:current_timestamp"`
}

type CampaignRepo struct {
	db *bun.DB
}

func NewCampaignRepo(db *bun.DB) *CampaignRepo {
	return &CampaignRepo{db: db}
}

func addPoints(ctx context.Context, tx bun.Tx, userID, points int64) error {
	_, err := tx.NewUpdate().
		Model((*RewardAccount)(nil)).
		Set("points = points + ?", points).
		Set("updated_at = now()").
		Where("user_id = ?", userID).
		Exec(ctx)
	return err
}

// ClaimReward grants a campaign's points to the user once.
func (r *CampaignRepo) ClaimReward(ctx context.Context, userID, campaignID, points int64) error {
	return r.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var existing CampaignClaim
		err := tx.NewSelect().Model(&existing).
			Where("user_id = ? AND campaign_id = ?", userID, campaignID).
			For("UPDATE").Scan(ctx)
		if err == nil {
			return ErrAlreadyClaimed
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("load claim: %w", err)
		}
		claim := &CampaignClaim{UserID: userID, CampaignID: campaignID, Points: points}
		if _, err := tx.NewInsert().Model(claim).Exec(ctx); err != nil {
			return fmt.Errorf("insert claim: %w", err)
		}
		return addPoints(ctx, tx, userID, points)
	})
}

// ClaimStreakBonus grants the weekly streak bonus once per week.
func (r *CampaignRepo) ClaimStreakBonus(ctx context.Context, userID int64, week string, points int64) error {
	return r.db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		var acct RewardAccount
		if err := tx.NewSelect().Model(&acct).Where("user_id = ?", userID).For("UPDATE").Scan(ctx); err != nil {
			return fmt.Errorf("lock reward account %d: %w", userID, err)
		}
		n, err := tx.NewSelect().Model((*StreakBonus)(nil)).
			Where("user_id = ? AND week = ?", userID, week).Count(ctx)
		if err != nil {
			return fmt.Errorf("count streak bonus: %w", err)
		}
		if n > 0 {
			return ErrAlreadyClaimed
		}
		if _, err := tx.NewInsert().Model(&StreakBonus{UserID: userID, Week: week, Points: points}).Exec(ctx); err != nil {
			return fmt.Errorf("insert streak bonus: %w", err)
		}
		return addPoints(ctx, tx, userID, points)
	})
}

type StreakBonus struct {
	bun.BaseModel `bun:"table:streak_bonuses,alias:sb"`

	ID     int64  `bun:"id,pk,autoincrement"`
	UserID int64  `bun:"user_id,notnull"`
	Week   string `bun:"week,notnull"`
	Points int64  `bun:"points,notnull"`
}
