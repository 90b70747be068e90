package billing

import (
	"context"
	"errors"
	"fmt"
	"net"
	"time"

	"github.com/google/uuid"

	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/gormstore"
)

const payoutAttempts = 4

func retryable(err error) bool {
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return true
	}
	return errors.Is(err, context.DeadlineExceeded)
}

func backoff(attempt int) time.Duration {
	return time.Duration(1<<attempt) * 250 * time.Millisecond
}

// PayoutOrganizer sends an event organizer their ticket revenue. Provider
// calls time out now and then, so they are retried.
func (s *Service) PayoutOrganizer(ctx context.Context, organizerID int64, accountID string, amount int64) (gormstore.Payout, error) {
	po := gormstore.Payout{OrganizerID: organizerID, AmountCents: amount, Status: "pending"}
	if err := s.DB.WithContext(ctx).Create(&po).Error; err != nil {
		return po, gormstore.MapErr(err)
	}
	var lastErr error
	for attempt := 0; attempt < payoutAttempts; attempt++ {
		requestKey := uuid.NewString()
		callCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
		res, err := s.Provider.Payout(callCtx, effects.PayoutParams{
			AccountID:      accountID,
			AmountCents:    amount,
			Currency:       "usd",
			IdempotencyKey: requestKey,
		})
		cancel()
		if err == nil {
			po.Status, po.ProviderPayout = "paid", res.ID
			return po, gormstore.MapErr(s.DB.WithContext(ctx).Save(&po).Error)
		}
		lastErr = err
		if !retryable(err) {
			break
		}
		time.Sleep(backoff(attempt))
	}
	s.DB.WithContext(ctx).Model(&po).Update("status", "failed")
	return po, fmt.Errorf("payout %d: %w", po.ID, lastErr)
}

// PayoutAffiliate pays a referral partner their commission. The idempotency
// key is derived from the payout row.
func (s *Service) PayoutAffiliate(ctx context.Context, partnerID int64, accountID string, amount int64) (gormstore.Payout, error) {
	po := gormstore.Payout{OrganizerID: partnerID, AmountCents: amount, Status: "pending"}
	if err := s.DB.WithContext(ctx).Create(&po).Error; err != nil {
		return po, gormstore.MapErr(err)
	}
	requestKey := fmt.Sprintf("payout-%d", po.ID)
	var lastErr error
	for attempt := 0; attempt < payoutAttempts; attempt++ {
		callCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
		res, err := s.Provider.Payout(callCtx, effects.PayoutParams{
			AccountID:      accountID,
			AmountCents:    amount,
			Currency:       "usd",
			IdempotencyKey: requestKey,
		})
		cancel()
		if err == nil {
			po.Status, po.ProviderPayout = "paid", res.ID
			return po, gormstore.MapErr(s.DB.WithContext(ctx).Save(&po).Error)
		}
		lastErr = err
		if !retryable(err) {
			break
		}
		time.Sleep(backoff(attempt))
	}
	s.DB.WithContext(ctx).Model(&po).Update("status", "failed")
	return po, fmt.Errorf("payout %d: %w", po.ID, lastErr)
}
