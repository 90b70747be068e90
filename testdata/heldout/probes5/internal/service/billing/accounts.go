package billing

import (
	"context"
	"fmt"
	"strings"

	"example.com/desk5/internal/domain"
	"example.com/desk5/internal/effects"
	"example.com/desk5/internal/store/gormstore"
)

// EnsureCustomer returns the workspace's billing account, creating the
// provider customer on first use (first checkout, first invoice).
func (s *Service) EnsureCustomer(ctx context.Context, workspaceID int64, email, name string) (*gormstore.BillingAccount, error) {
	acct, err := s.Accounts.FindBillingAccount(ctx, workspaceID)
	if err != nil {
		return nil, fmt.Errorf("find billing account: %w", err)
	}
	if acct != nil {
		return acct, nil
	}
	return s.createCustomer(ctx, workspaceID, email, name)
}

func (s *Service) createCustomer(ctx context.Context, workspaceID int64, email, name string) (*gormstore.BillingAccount, error) {
	customerID, err := s.Provider.CreateCustomer(ctx, effects.CustomerParams{
		WorkspaceID: workspaceID,
		Email:       email,
		Name:        name,
	})
	if err != nil {
		return nil, fmt.Errorf("create provider customer: %w", err)
	}
	acct := &gormstore.BillingAccount{
		WorkspaceID:        workspaceID,
		ProviderCustomerID: customerID,
		Email:              email,
	}
	if err := s.Accounts.CreateBillingAccount(ctx, acct); err != nil {
		return nil, err
	}
	s.publish(ctx, "billing.customer_created", map[string]any{"workspace_id": workspaceID, "customer": customerID})
	return acct, nil
}

// TaxDetails is submitted from the billing settings page.
type TaxDetails struct {
	Country   string
	VATNumber string
}

// EnsureTaxProfile records the workspace's tax residence the first time it
// is given. Later submissions are ignored (changes go through support).
func (s *Service) EnsureTaxProfile(ctx context.Context, workspaceID int64, d TaxDetails) (*gormstore.TaxProfile, error) {
	country := strings.ToUpper(strings.TrimSpace(d.Country))
	if len(country) != 2 {
		return nil, domain.Invalid("country", "ISO 3166 alpha-2 code")
	}
	p, err := s.Accounts.FindTaxProfile(ctx, workspaceID)
	if err != nil {
		return nil, err
	}
	if p != nil {
		return p, nil
	}
	p = &gormstore.TaxProfile{WorkspaceID: workspaceID, Country: country, VATNumber: d.VATNumber}
	inserted, err := s.Accounts.InsertTaxProfile(ctx, p)
	if err != nil {
		return nil, err
	}
	if !inserted {
		return s.Accounts.FindTaxProfile(ctx, workspaceID)
	}
	s.publish(ctx, "billing.tax_profile_created", map[string]any{"workspace_id": workspaceID, "country": country})
	return p, nil
}
