// Package payouts pays drivers: weekly batches, instant payouts and the
// transfer retry policy.
package payouts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/effects"
	"example.com/fleet6/internal/repo"
)

type Service struct {
	Payouts  repo.Payouts
	Provider effects.Payments
	Log      *slog.Logger

	// Backoff between transfer attempts; tests set it to zero.
	Backoff time.Duration
}

const (
	batchSize        = 200
	instantBatchSize = 50
)

// RunWeekly pays every pending payout. It is started by the weekly cron.
func (s *Service) RunWeekly(ctx context.Context) (paid int, err error) {
	pending, err := s.Payouts.ListPending(ctx, batchSize)
	if err != nil {
		return 0, fmt.Errorf("weekly payouts: %w", err)
	}
	for _, p := range pending {
		if err := s.pay(ctx, p); err != nil {
			s.Log.ErrorContext(ctx, "payout failed", "payout", p.ID, "err", err)
			continue
		}
		paid++
	}
	return paid, nil
}

func (s *Service) pay(ctx context.Context, p domain.Payout) error {
	acct, err := s.Payouts.AccountRef(ctx, p.DriverID)
	if err != nil {
		return err
	}
	ref, err := s.transferWithRetry(ctx, acct, p.AmountCents)
	if err != nil {
		return errors.Join(err, s.Payouts.MarkFailed(ctx, p.ID, err.Error()))
	}
	return s.Payouts.MarkPaid(ctx, p.ID, ref)
}

// transferWithRetry retries transient provider errors.
func (s *Service) transferWithRetry(ctx context.Context, acct string, amount int64) (string, error) {
	var lastErr error
	for attempt := 1; attempt <= 3; attempt++ {
		req := effects.TransferRequest{
			AccountRef:     acct,
			AmountCents:    amount,
			Currency:       "EUR",
			IdempotencyKey: uuid.NewString(),
		}
		ref, err := s.Provider.Transfer(ctx, req)
		if err == nil {
			return ref, nil
		}
		lastErr = err
		s.Log.WarnContext(ctx, "transfer attempt failed", "attempt", attempt, "err", err)
		if err := sleep(ctx, s.Backoff*time.Duration(attempt)); err != nil {
			return "", err
		}
	}
	return "", fmt.Errorf("transfer failed after retries: %w", lastErr)
}

// RunInstant pays instant-payout requests every few minutes. Several worker
// replicas run it.
func (s *Service) RunInstant(ctx context.Context) (paid int, err error) {
	pending, err := s.Payouts.ListPending(ctx, instantBatchSize)
	if err != nil {
		return 0, fmt.Errorf("instant payouts: %w", err)
	}
	for _, p := range pending {
		claimed, err := s.Payouts.Claim(ctx, p.ID)
		if err != nil {
			return paid, fmt.Errorf("instant payouts: %w", err)
		}
		if !claimed {
			continue
		}
		if err := s.payClaimed(ctx, p); err != nil {
			s.Log.ErrorContext(ctx, "instant payout failed", "payout", p.ID, "err", err)
			continue
		}
		paid++
	}
	return paid, nil
}

func (s *Service) payClaimed(ctx context.Context, p domain.Payout) error {
	acct, err := s.Payouts.AccountRef(ctx, p.DriverID)
	if err != nil {
		return err
	}
	ref, err := s.transferOnce(ctx, p, acct)
	if err != nil {
		return errors.Join(err, s.Payouts.MarkFailed(ctx, p.ID, err.Error()))
	}
	return s.Payouts.MarkPaid(ctx, p.ID, ref)
}

// transferOnce is the retry policy for claimed instant payouts.
func (s *Service) transferOnce(ctx context.Context, p domain.Payout, acct string) (string, error) {
	key := fmt.Sprintf("payout-%d", p.ID)
	var lastErr error
	for attempt := 1; attempt <= 3; attempt++ {
		req := effects.TransferRequest{
			AccountRef:     acct,
			AmountCents:    p.AmountCents,
			Currency:       "EUR",
			IdempotencyKey: key,
		}
		ref, err := s.Provider.Transfer(ctx, req)
		if err == nil {
			return ref, nil
		}
		lastErr = err
		if err := sleep(ctx, s.Backoff*time.Duration(attempt)); err != nil {
			return "", err
		}
	}
	return "", fmt.Errorf("transfer failed after retries: %w", lastErr)
}

// Accrue adds the week's driver earnings to the merchant's payout batch.
func (s *Service) Accrue(ctx context.Context, merchantID int64, week string, earnings map[int64]int64) (int64, error) {
	id, err := s.Payouts.AddToPeriodBatch(ctx, merchantID, week, earnings)
	if err != nil {
		return 0, fmt.Errorf("accrue: %w", err)
	}
	return id, nil
}

// AccrueInstant adds an instant payout to the merchant's batch of the day.
func (s *Service) AccrueInstant(ctx context.Context, merchantID, driverID, amount int64) (int64, error) {
	day := time.Now().UTC().Format(time.DateOnly)
	id, err := s.Payouts.AddToAdhocBatch(ctx, merchantID, day, map[int64]int64{driverID: amount})
	if err != nil {
		return 0, fmt.Errorf("accrue instant: %w", err)
	}
	return id, nil
}

func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
