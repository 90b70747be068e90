package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"

	"example.com/probes/internal/payment"
	"example.com/probes/internal/platform/retry"
)

// ChargeClient is the slice of the processor client that takes explicit keys.
type ChargeClient interface {
	Charge(ctx context.Context, req payment.ChargeRequest) (payment.ChargeResult, error)
}

type RenewalService struct {
	client ChargeClient
	log    *slog.Logger
}

func NewRenewalService(c ChargeClient, l *slog.Logger) *RenewalService {
	return &RenewalService{client: c, log: l}
}

type Renewal struct {
	SubscriptionID int64
	CustomerRef    string
	Amount         int64
}

// Renew charges the renewal, retrying transient errors.
func (s *RenewalService) Renew(ctx context.Context, r Renewal) (string, error) {
	var chargeID string
	err := retry.Do(ctx, retry.Default, func(ctx context.Context) error {
		key := uuid.NewString() // L:F6c
		res, err := s.client.Charge(ctx, payment.ChargeRequest{
			CustomerRef:    r.CustomerRef,
			Amount:         r.Amount,
			Currency:       "EUR",
			Description:    fmt.Sprintf("renewal of subscription %d", r.SubscriptionID),
			IdempotencyKey: key,
		})
		if err != nil {
			s.log.Warn("renewal attempt failed", "sub", r.SubscriptionID, "err", err)
			return err
		}
		chargeID = res.ID
		return nil
	})
	return chargeID, err
}

// RenewV2 derives the key from the subscription and period, once.
func (s *RenewalService) RenewV2(ctx context.Context, r Renewal, period string) (string, error) {
	key := fmt.Sprintf("renewal-%d-%s", r.SubscriptionID, period) // L:F6c-safe
	var chargeID string
	err := retry.Do(ctx, retry.Default, func(ctx context.Context) error {
		res, err := s.client.Charge(ctx, payment.ChargeRequest{
			CustomerRef: r.CustomerRef, Amount: r.Amount, Currency: "EUR", IdempotencyKey: key,
		})
		if err != nil {
			return err
		}
		chargeID = res.ID
		return nil
	})
	return chargeID, err
}

// RenewAll charges every due renewal; one fresh key per distinct renewal.
func (s *RenewalService) RenewAll(ctx context.Context, due []Renewal) map[int64]error {
	failures := map[int64]error{}
	for _, r := range due {
		key := uuid.NewString() // L:F6c-safe2
		_, err := s.client.Charge(ctx, payment.ChargeRequest{
			CustomerRef: r.CustomerRef, Amount: r.Amount, Currency: "EUR", IdempotencyKey: key,
		})
		if err != nil {
			failures[r.SubscriptionID] = err
		}
	}
	return failures
}
