package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"

	"example.com/shop2/internal/billing"
	"example.com/shop2/internal/db/ledger"
	"example.com/shop2/internal/store"
)

var errAccountExists = fmt.Errorf("account exists: %w", store.ErrAlreadyExists)

type MerchantRepository interface {
	FindByRef(ctx context.Context, ref string) (ledger.Merchant, error)
	CreateIfAbsent(ctx context.Context, arg ledger.InsertMerchantParams) (ledger.Merchant, bool, error)
	SetStripeCustomer(ctx context.Context, id int64, customerID string) error
}

type MerchantService struct {
	merchants MerchantRepository
	customers CustomerCreator
	log       *slog.Logger
}

func NewMerchantService(merchants MerchantRepository, customers CustomerCreator, log *slog.Logger) *MerchantService {
	return &MerchantService{merchants: merchants, customers: customers, log: log}
}

type OnboardRequest struct {
	ExternalRef string `json:"external_ref"`
	LegalName   string `json:"legal_name"`
	Email       string `json:"email"`
}

// Onboard registers a marketplace merchant coming from the partner portal.
// The portal retries on timeouts, so the same reference may arrive twice.
func (s *MerchantService) Onboard(ctx context.Context, req OnboardRequest) (ledger.Merchant, error) {
	if req.ExternalRef == "" || req.Email == "" {
		return ledger.Merchant{}, fmt.Errorf("%w: external_ref and email are required", ErrInvalidRequest)
	}
	m, err := s.merchants.FindByRef(ctx, req.ExternalRef)
	if err == nil {
		return m, nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return ledger.Merchant{}, fmt.Errorf("onboard: %w", err)
	}

	m, created, err := s.merchants.CreateIfAbsent(ctx, ledger.InsertMerchantParams{
		ExternalRef: req.ExternalRef,
		LegalName:   req.LegalName,
		Email:       req.Email,
	})
	if err != nil {
		return ledger.Merchant{}, fmt.Errorf("onboard: %w", err)
	}
	if !created {
		return m, nil
	}

	customerID, err := s.customers.CreateCustomer(ctx, billing.CustomerInput{
		Email:          req.Email,
		Name:           req.LegalName,
		IdempotencyKey: "merchant-customer-" + strconv.FormatInt(m.ID, 10),
	})
	if err != nil {
		return ledger.Merchant{}, fmt.Errorf("onboard: %w", err)
	}
	if err := s.merchants.SetStripeCustomer(ctx, m.ID, customerID); err != nil {
		return ledger.Merchant{}, fmt.Errorf("onboard: %w", err)
	}
	m.StripeCustomerID.String, m.StripeCustomerID.Valid = customerID, true
	return m, nil
}
