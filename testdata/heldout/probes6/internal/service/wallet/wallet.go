// Package wallet is the driver's in-app earnings wallet.
package wallet

import (
	"context"
	"fmt"
	"log/slog"

	"example.com/fleet6/internal/repo"
)

type Service struct {
	Wallets repo.Wallets
	Log     *slog.Logger
}

// AddEarnings adds a completed job's earnings to the driver's wallet.
func (s *Service) AddEarnings(ctx context.Context, driverID, cents int64) error {
	w, err := s.Wallets.ForDriver(ctx, driverID)
	if err != nil {
		return fmt.Errorf("add earnings: %w", err)
	}
	w.BalanceCents += cents
	if err := s.Wallets.Save(ctx, &w); err != nil {
		return fmt.Errorf("add earnings: %w", err)
	}
	return nil
}

// AddTip credits a customer's tip.
func (s *Service) AddTip(ctx context.Context, driverID, cents int64) error {
	wallet, err := s.Wallets.ForDriver(ctx, driverID)
	if err != nil {
		return fmt.Errorf("add tip: %w", err)
	}
	if err := s.Wallets.Credit(ctx, driverID, cents); err != nil {
		return fmt.Errorf("add tip: %w", err)
	}
	s.Log.DebugContext(ctx, "tip credited", "wallet", wallet.ID, "cents", cents)
	return nil
}
