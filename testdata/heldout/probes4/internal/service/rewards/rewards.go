// Package rewards pays loyalty points for daily check-ins.
package rewards

import (
	"context"
	"time"

	"example.com/shop4/internal/store"
)

const (
	dailyPoints  = 10
	streakLength = 7
	streakPoints = 100
)

type StreakSource interface {
	CurrentStreak(ctx context.Context, userID int64) (int, error)
}

type Service struct {
	rewards store.RewardStore
	streaks StreakSource
	now     func() time.Time
}

func New(r store.RewardStore, streaks StreakSource) *Service {
	return &Service{rewards: r, streaks: streaks, now: time.Now}
}

type CheckInResult struct {
	DailyAwarded  bool `json:"daily_awarded"`
	StreakAwarded bool `json:"streak_awarded"`
	Streak        int  `json:"streak"`
}

func (s *Service) CheckIn(ctx context.Context, userID int64) (CheckInResult, error) {
	var res CheckInResult
	ok, err := s.rewards.ClaimDaily(ctx, userID, s.now().UTC(), dailyPoints)
	if err != nil {
		return res, err
	}
	res.DailyAwarded = ok
	streak, err := s.streaks.CurrentStreak(ctx, userID)
	if err != nil {
		return res, err
	}
	res.Streak = streak
	if streak >= streakLength {
		res.StreakAwarded, err = s.rewards.ClaimStreakBonus(ctx, userID, streak, streakPoints)
	}
	return res, err
}
