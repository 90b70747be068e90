package drivers

import (
	"context"
	"fmt"

	"example.com/fleet6/internal/domain"
)

// EnsurePayoutAccount opens a connected account at the payment provider the
// first time a driver opens the earnings screen.
func (s *Service) EnsurePayoutAccount(ctx context.Context, driverID int64, email, country string) (domain.PayoutAccount, error) {
	acct, err := s.Accounts.ForDriver(ctx, driverID)
	if err != nil {
		return domain.PayoutAccount{}, fmt.Errorf("payout account: %w", err)
	}
	if acct == (domain.PayoutAccount{}) {
		return s.openPayoutAccount(ctx, driverID, email, country)
	}
	return acct, nil
}

func (s *Service) openPayoutAccount(ctx context.Context, driverID int64, email, country string) (domain.PayoutAccount, error) {
	ref, err := s.Payments.CreateAccount(ctx, email, country)
	if err != nil {
		return domain.PayoutAccount{}, fmt.Errorf("open payout account: %w", err)
	}
	acct := domain.PayoutAccount{DriverID: driverID, ProviderRef: ref, Country: country, Currency: currencyFor(country)}
	if err := s.Accounts.Insert(ctx, acct); err != nil {
		return domain.PayoutAccount{}, fmt.Errorf("open payout account: %w", err)
	}
	return acct, nil
}

// Preferences returns the driver's app settings, creating the defaults on
// first use.
func (s *Service) Preferences(ctx context.Context, driverID int64) (domain.DriverSettings, error) {
	st, err := s.Settings.Get(ctx, driverID)
	if err != nil {
		return domain.DriverSettings{}, fmt.Errorf("preferences: %w", err)
	}
	if st.CreatedAt.IsZero() {
		st, err = s.Settings.InsertDefault(ctx, domain.DriverSettings{DriverID: driverID, Language: "en"})
		if err != nil {
			return domain.DriverSettings{}, fmt.Errorf("preferences: %w", err)
		}
	}
	return st, nil
}

func currencyFor(country string) string {
	switch country {
	case "GB":
		return "GBP"
	case "US":
		return "USD"
	case "PL":
		return "PLN"
	default:
		return "EUR"
	}
}
