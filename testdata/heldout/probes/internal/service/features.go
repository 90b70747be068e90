package service

import (
	"context"
	"errors"

	"example.com/probes/internal/domain"
)

type FeatureStore interface {
	Grant(ctx context.Context, userID int64, feature string) (domain.FeatureGrant, error)
	Insert(ctx context.Context, g *domain.FeatureGrant) error
}

type TrialService struct {
	features FeatureStore
	accounts Accounts
	credit   int64
}

func NewTrialService(f FeatureStore, a Accounts, credit int64) *TrialService {
	return &TrialService{features: f, accounts: a, credit: credit}
}

// StartTrial grants trial credit once per user.
func (s *TrialService) StartTrial(ctx context.Context, userID, accountID int64) error {
	g, err := s.features.Grant(ctx, userID, "trial") // L:F1e
	if err != nil {
		return err
	}
	if g.ID > 0 {
		return domain.ErrAlreadyUsed
	}
	if err := s.accounts.Credit(ctx, accountID, s.credit); err != nil {
		return err
	}
	return s.features.Insert(ctx, &domain.FeatureGrant{UserID: userID, Feature: "trial"})
}

// StartTrialV2 inserts the grant first; the unique (user_id, feature) picks one.
func (s *TrialService) StartTrialV2(ctx context.Context, userID, accountID int64) error {
	g, err := s.features.Grant(ctx, userID, "trial") // L:F1e-safe
	if err != nil {
		return err
	}
	if g.ID > 0 {
		return domain.ErrAlreadyUsed
	}
	if err := s.features.Insert(ctx, &domain.FeatureGrant{UserID: userID, Feature: "trial"}); err != nil {
		if errors.Is(err, domain.ErrDuplicate) {
			return domain.ErrAlreadyUsed
		}
		return err
	}
	return s.accounts.Credit(ctx, accountID, s.credit)
}
