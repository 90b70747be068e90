package service

import (
	"context"
	"fmt"

	"example.com/probes/internal/domain"
	"example.com/probes/internal/payment"
)

type WithdrawalService struct {
	accounts Accounts
	gateway  payment.Gateway
}

func NewWithdrawalService(a Accounts, g payment.Gateway) *WithdrawalService {
	return &WithdrawalService{accounts: a, gateway: g}
}

type WithdrawRequest struct {
	AccountID int64
	IBAN      string
	Amount    int64
}

// Withdraw pays out to the user's bank if the balance covers it.
func (s *WithdrawalService) Withdraw(ctx context.Context, req WithdrawRequest) (string, error) {
	acct, err := s.accounts.Get(ctx, req.AccountID) // L:F4d
	if err != nil {
		return "", err
	}
	if acct.Balance < req.Amount {
		return "", domain.ErrInsufficientFunds
	}
	ref, err := s.gateway.Payout(ctx, req.IBAN, req.Amount)
	if err != nil {
		return "", fmt.Errorf("payout: %w", err)
	}
	if err := s.accounts.Debit(ctx, acct.ID, req.Amount); err != nil {
		return ref, fmt.Errorf("paid out %s but debit failed: %w", ref, err)
	}
	return ref, nil
}

// WithdrawV2 debits conditionally before paying out.
func (s *WithdrawalService) WithdrawV2(ctx context.Context, req WithdrawRequest) (string, error) {
	acct, err := s.accounts.Get(ctx, req.AccountID) // L:F4d-safe
	if err != nil {
		return "", err
	}
	if acct.Balance < req.Amount {
		return "", domain.ErrInsufficientFunds
	}
	ok, err := s.accounts.DebitIfEnough(ctx, acct.ID, req.Amount)
	if err != nil {
		return "", err
	}
	if !ok {
		return "", domain.ErrInsufficientFunds
	}
	ref, err := s.gateway.Payout(ctx, req.IBAN, req.Amount)
	if err != nil {
		_ = s.accounts.Credit(ctx, acct.ID, req.Amount) // give it back
		return "", err
	}
	return ref, nil
}
