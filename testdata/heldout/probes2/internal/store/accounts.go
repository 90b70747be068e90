package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"example.com/shop2/internal/db/ledger"
)

// AccountStore is the ledger-side customer account repository.
type AccountStore struct {
	q *ledger.Queries
}

func NewAccountStore(db *sql.DB) *AccountStore {
	return &AccountStore{q: ledger.New(db)}
}

// GetByEmail returns the account for email. A zero Account means none exists.
func (s *AccountStore) GetByEmail(ctx context.Context, email string) (ledger.Account, error) {
	acct, err := s.q.GetAccountByEmail(ctx, email)
	if err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return ledger.Account{}, nil
		}
		return ledger.Account{}, fmt.Errorf("get account by email: %w", err)
	}
	return acct, nil
}

func (s *AccountStore) Insert(ctx context.Context, arg ledger.InsertAccountParams) (ledger.Account, error) {
	acct, err := s.q.InsertAccount(ctx, arg)
	if err != nil {
		if isUniqueViolation(err) {
			return ledger.Account{}, ErrAlreadyExists
		}
		return ledger.Account{}, fmt.Errorf("insert account: %w", err)
	}
	return acct, nil
}
