package service

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"example.com/shop3/internal/domain"
	"example.com/shop3/internal/store/dynstore"
)

type Rewards interface {
	Reward(ctx context.Context, userID, rewardID string) (dynstore.Reward, error)
	SaveReward(ctx context.Context, r dynstore.Reward) error
	ClaimReward(ctx context.Context, userID, rewardID string) (dynstore.Reward, error)
}

type ExportQuota interface {
	ExportsUsed(ctx context.Context, tenantID int64, month string) (int, error)
	AddExport(ctx context.Context, tenantID int64, month string) error
	TakeExport(ctx context.Context, tenantID int64, month string, limit int) error
}

// ExportRunner starts a (billable) data export job.
type ExportRunner interface {
	StartExport(ctx context.Context, tenantID int64, kind string) (string, error)
}

type RewardService struct {
	Rewards  Rewards
	Accounts Accounts
	Quota    ExportQuota
	Exports  ExportRunner

	ExportsPerMonth int
}

// ClaimReward turns an unclaimed reward into loyalty points.
func (s *RewardService) ClaimReward(ctx context.Context, userID int64, rewardID string) (int64, error) {
	r, err := s.Rewards.Reward(ctx, strconv.FormatInt(userID, 10), rewardID)
	if err != nil {
		return 0, err
	}
	if r.Status != "unclaimed" {
		return 0, domain.ErrAlreadyRedeemed
	}
	if err := s.Accounts.AddPoints(ctx, userID, r.Points); err != nil {
		return 0, fmt.Errorf("add points: %w", err)
	}
	r.Status = "claimed"
	return r.Points, s.Rewards.SaveReward(ctx, r)
}

// ClaimStreakReward is ClaimReward for streak rewards: the status flips by
// a conditional update first and only the caller that flipped it credits.
func (s *RewardService) ClaimStreakReward(ctx context.Context, userID int64, rewardID string) (int64, error) {
	r, err := s.Rewards.ClaimReward(ctx, strconv.FormatInt(userID, 10), rewardID)
	if err != nil {
		return 0, err
	}
	return r.Points, s.Accounts.AddPoints(ctx, userID, r.Points)
}

func month(now time.Time) string { return now.UTC().Format("2006-01") }

// Export starts an export if the tenant has any left this month.
func (s *RewardService) Export(ctx context.Context, tenantID int64, kind string) (string, error) {
	m := month(time.Now())
	used, err := s.Quota.ExportsUsed(ctx, tenantID, m)
	if err != nil {
		return "", err
	}
	if used >= s.ExportsPerMonth {
		return "", domain.ErrQuotaExceeded
	}
	id, err := s.Exports.StartExport(ctx, tenantID, kind)
	if err != nil {
		return "", err
	}
	return id, s.Quota.AddExport(ctx, tenantID, m)
}

// ScheduledExport runs a scheduled export on the same monthly budget,
// taken by a conditional update before the export starts.
func (s *RewardService) ScheduledExport(ctx context.Context, tenantID int64, kind string) (string, error) {
	if err := s.Quota.TakeExport(ctx, tenantID, month(time.Now()), s.ExportsPerMonth); err != nil {
		return "", err
	}
	return s.Exports.StartExport(ctx, tenantID, kind)
}
