// Package storedlookups holds store interfaces whose lookup is named for
// a verb: the interface stores a record type, and a method that hands
// one back for a key reads it.
package storedlookups

import (
	"context"
	"errors"
)

var ErrAlreadyUsed = errors.New("trial already used")

type FeatureGrant struct {
	ID      int64
	UserID  int64
	Feature string
}

// FeatureStore stores grants; its implementation lives in a package this
// one does not import. Grant returns the zero grant when there is none.
type FeatureStore interface {
	Grant(ctx context.Context, userID int64, feature string) (FeatureGrant, error)
	Insert(ctx context.Context, g *FeatureGrant) error
}

type Accounts interface {
	Credit(ctx context.Context, accountID, amount int64) error
}

type TrialService struct {
	features FeatureStore
	accounts Accounts
	credit   int64
}

// Two first requests both find no grant, both credit and both insert.
func (s *TrialService) StartTrial(ctx context.Context, userID, accountID int64) error {
	g, err := s.features.Grant(ctx, userID, "trial") // want `check-then-act race: the existence check Grant and the insert at line \d+ are separate steps.*Credit at line \d+ runs before the insert`
	if err != nil {
		return err
	}
	if g.ID > 0 {
		return ErrAlreadyUsed
	}
	if err := s.accounts.Credit(ctx, accountID, s.credit); err != nil {
		return err
	}
	return s.features.Insert(ctx, &FeatureGrant{UserID: userID, Feature: "trial"})
}

// Entitlements grants features at a provider and keeps a log of the
// grants it made: no method takes the record Grant returns, so Grant is
// the provider's act, not a lookup of what the log stores.
type Entitlements interface {
	Grant(ctx context.Context, userID int64, feature string) (FeatureGrant, error)
	Insert(ctx context.Context, userID int64, feature string) error
}

type ProviderTrials struct {
	entitlements Entitlements
}

// Near miss: a grant the provider already held comes back with its id
// and needs no log row; a new one is logged.
func (s *ProviderTrials) StartTrial(ctx context.Context, userID int64) error {
	g, err := s.entitlements.Grant(ctx, userID, "trial")
	if err != nil {
		return err
	}
	if g.ID != 0 {
		return nil
	}
	return s.entitlements.Insert(ctx, userID, "trial")
}
