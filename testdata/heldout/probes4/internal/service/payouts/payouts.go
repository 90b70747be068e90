// Package payouts pays sellers out to their bank accounts.
package payouts

import (
	"context"
	"errors"
	"fmt"

	"example.com/shop4/internal/clients/payments"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

var (
	ErrNotApprovable = errors.New("payouts: payout is not awaiting approval")
	ErrNotRetryable  = errors.New("payouts: only failed payouts can be retried")
)

type Service struct {
	payouts store.PayoutStore
	bank    payments.Gateway
}

func New(p store.PayoutStore, bank payments.Gateway) *Service {
	return &Service{payouts: p, bank: bank}
}

// Approve is the finance team's approval of a seller's payout request; the
// money leaves immediately.
func (s *Service) Approve(ctx context.Context, payoutID, adminID int64) (*domain.Payout, error) {
	p, err := s.payouts.Get(ctx, payoutID)
	if err != nil {
		return nil, err
	}
	if p.Status != domain.PayoutRequested {
		return p, ErrNotApprovable
	}
	ref, err := s.Send(ctx, p)
	if err != nil {
		_ = s.payouts.MarkFailed(ctx, p.ID)
		return nil, err
	}
	if err := s.payouts.MarkSent(ctx, p.ID, ref, adminID); err != nil {
		return nil, err
	}
	p.Status, p.BankRef = domain.PayoutSent, ref
	return p, nil
}

// Retry resends a payout whose transfer failed.
func (s *Service) Retry(ctx context.Context, payoutID, adminID int64) (*domain.Payout, error) {
	p, err := s.payouts.Get(ctx, payoutID)
	if err != nil {
		return nil, err
	}
	if p.Status != domain.PayoutFailed {
		return p, ErrNotRetryable
	}
	ok, err := s.payouts.Transition(ctx, p.ID, domain.PayoutFailed, domain.PayoutRetrying)
	if err != nil {
		return nil, err
	}
	if !ok {
		return p, ErrNotRetryable
	}
	ref, err := s.Send(ctx, p)
	if err != nil {
		_ = s.payouts.MarkFailed(ctx, p.ID)
		return nil, err
	}
	if err := s.payouts.MarkSent(ctx, p.ID, ref, adminID); err != nil {
		return nil, err
	}
	p.Status, p.BankRef = domain.PayoutSent, ref
	return p, nil
}

// Send transfers the payout amount to the seller's bank account.
func (s *Service) Send(ctx context.Context, p *domain.Payout) (string, error) {
	return s.bank.Transfer(ctx, payments.TransferRequest{
		AmountCents: p.AmountCents,
		Currency:    p.Currency,
		Destination: p.IBAN,
		Reference:   fmt.Sprintf("PAYOUT-%d", p.ID),
	})
}
