package service

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"strings"

	"example.com/shop2/internal/billing"
	"example.com/shop2/internal/db/ledger"
)

// CustomerCreator creates payment-provider customers.
type CustomerCreator interface {
	CreateCustomer(ctx context.Context, in billing.CustomerInput) (string, error)
}

type AccountRepository interface {
	GetByEmail(ctx context.Context, email string) (ledger.Account, error)
	Insert(ctx context.Context, arg ledger.InsertAccountParams) (ledger.Account, error)
}

type AccountService struct {
	accounts  AccountRepository
	customers CustomerCreator
	log       *slog.Logger
}

func NewAccountService(accounts AccountRepository, customers CustomerCreator, log *slog.Logger) *AccountService {
	return &AccountService{accounts: accounts, customers: customers, log: log}
}

type OpenAccountRequest struct {
	Email       string `json:"email"`
	DisplayName string `json:"display_name"`
}

// Open opens a billing account. When the e-mail already has one, it is
// returned together with store.ErrAlreadyExists.
func (s *AccountService) Open(ctx context.Context, req OpenAccountRequest) (ledger.Account, error) {
	email := strings.ToLower(strings.TrimSpace(req.Email))
	if email == "" {
		return ledger.Account{}, fmt.Errorf("%w: email required", ErrInvalidRequest)
	}
	acct, err := s.accounts.GetByEmail(ctx, email)
	if err != nil {
		return ledger.Account{}, fmt.Errorf("open account: %w", err)
	}
	if acct.Email != "" {
		return acct, errAccountExists
	}

	customerID, err := s.customers.CreateCustomer(ctx, billing.CustomerInput{
		Email: email,
		Name:  req.DisplayName,
	})
	if err != nil {
		return ledger.Account{}, fmt.Errorf("open account: %w", err)
	}

	acct, err = s.accounts.Insert(ctx, ledger.InsertAccountParams{
		Email:            email,
		DisplayName:      req.DisplayName,
		StripeCustomerID: sql.NullString{String: customerID, Valid: true},
	})
	if err != nil {
		return ledger.Account{}, fmt.Errorf("open account: %w", err)
	}
	s.log.InfoContext(ctx, "account opened", "account_id", acct.ID, "customer", customerID)
	return acct, nil
}
