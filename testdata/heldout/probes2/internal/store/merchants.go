package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"example.com/shop2/internal/db/ledger"
)

type MerchantStore struct {
	q *ledger.Queries
}

func NewMerchantStore(db *sql.DB) *MerchantStore {
	return &MerchantStore{q: ledger.New(db)}
}

func (s *MerchantStore) FindByRef(ctx context.Context, ref string) (ledger.Merchant, error) {
	m, err := s.q.GetMerchantByExternalRef(ctx, ref)
	if errors.Is(err, sql.ErrNoRows) {
		return ledger.Merchant{}, ErrNotFound
	}
	if err != nil {
		return ledger.Merchant{}, fmt.Errorf("get merchant %q: %w", ref, err)
	}
	return m, nil
}

// CreateIfAbsent inserts the merchant unless one with the same external
// reference exists. created is false when the row was already there; the
// returned merchant is then the stored one.
func (s *MerchantStore) CreateIfAbsent(ctx context.Context, arg ledger.InsertMerchantParams) (m ledger.Merchant, created bool, err error) {
	m, err = s.q.InsertMerchant(ctx, arg)
	if err == nil {
		return m, true, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return ledger.Merchant{}, false, fmt.Errorf("insert merchant: %w", err)
	}
	m, err = s.FindByRef(ctx, arg.ExternalRef)
	if err != nil {
		return ledger.Merchant{}, false, err
	}
	return m, false, nil
}

func (s *MerchantStore) SetStripeCustomer(ctx context.Context, id int64, customerID string) error {
	return s.q.SetMerchantStripeCustomer(ctx, ledger.SetMerchantStripeCustomerParams{
		ID:               id,
		StripeCustomerID: sql.NullString{String: customerID, Valid: customerID != ""},
	})
}
