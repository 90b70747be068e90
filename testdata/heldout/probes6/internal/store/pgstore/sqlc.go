package pgstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/store/queries"
)

// PayoutAccounts adapts the generated queries to repo.PayoutAccounts.
type PayoutAccounts struct{ Q *queries.Queries }

func (s PayoutAccounts) ForDriver(ctx context.Context, driverID int64) (domain.PayoutAccount, error) {
	rows, err := s.Q.GetPayoutAccountByDriver(ctx, driverID)
	if err != nil {
		return domain.PayoutAccount{}, fmt.Errorf("payout account for driver %d: %w", driverID, err)
	}
	if len(rows) == 0 {
		return domain.PayoutAccount{}, nil
	}
	r := rows[0]
	return domain.PayoutAccount{DriverID: r.DriverID, ProviderRef: r.ProviderRef, Country: r.Country, Currency: r.Currency}, nil
}

func (s PayoutAccounts) Insert(ctx context.Context, a domain.PayoutAccount) error {
	err := s.Q.InsertPayoutAccount(ctx, queries.InsertPayoutAccountParams{
		DriverID: a.DriverID, ProviderRef: a.ProviderRef, Country: a.Country, Currency: a.Currency,
	})
	if err != nil {
		return fmt.Errorf("insert payout account: %w", err)
	}
	return nil
}

type DriverSettings struct{ Q *queries.Queries }

func (s DriverSettings) Get(ctx context.Context, driverID int64) (domain.DriverSettings, error) {
	r, err := s.Q.GetDriverSettings(ctx, driverID)
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.DriverSettings{}, nil
	}
	if err != nil {
		return domain.DriverSettings{}, fmt.Errorf("driver settings: %w", err)
	}
	return settingsFromRow(r), nil
}

func (s DriverSettings) InsertDefault(ctx context.Context, st domain.DriverSettings) (domain.DriverSettings, error) {
	r, err := s.Q.UpsertDriverSettings(ctx, queries.UpsertDriverSettingsParams{
		DriverID: st.DriverID, Language: st.Language, NightShift: st.NightShift,
	})
	if err != nil {
		return domain.DriverSettings{}, fmt.Errorf("insert driver settings: %w", err)
	}
	return settingsFromRow(r), nil
}

func settingsFromRow(r queries.DriverSetting) domain.DriverSettings {
	return domain.DriverSettings{DriverID: r.DriverID, Language: r.Language, NightShift: r.NightShift, CreatedAt: r.CreatedAt.Time}
}

type TrackingSubscriptions struct{ Q *queries.Queries }

func (s TrackingSubscriptions) Count(ctx context.Context, shipmentID int64, phone string) (int64, error) {
	n, err := s.Q.CountTrackingSubscriptions(ctx, queries.CountTrackingSubscriptionsParams{ShipmentID: shipmentID, Phone: phone})
	if err != nil {
		return 0, fmt.Errorf("count subscriptions: %w", err)
	}
	return n, nil
}

func (s TrackingSubscriptions) Create(ctx context.Context, shipmentID int64, phone string) error {
	if _, err := s.Q.CreateTrackingSubscription(ctx, queries.CreateTrackingSubscriptionParams{ShipmentID: shipmentID, Phone: phone}); err != nil {
		return fmt.Errorf("create subscription: %w", err)
	}
	return nil
}

type WebhookEndpoints struct{ Q *queries.Queries }

func (s WebhookEndpoints) Find(ctx context.Context, merchantID int64, url string) (domain.WebhookEndpoint, bool, error) {
	r, err := s.Q.GetWebhookEndpoint(ctx, queries.GetWebhookEndpointParams{MerchantID: merchantID, Url: url})
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.WebhookEndpoint{}, false, nil
	}
	if err != nil {
		return domain.WebhookEndpoint{}, false, fmt.Errorf("find endpoint: %w", err)
	}
	return domain.WebhookEndpoint{ID: r.ID, MerchantID: r.MerchantID, URL: r.Url, Secret: r.Secret}, true, nil
}

func (s WebhookEndpoints) Upsert(ctx context.Context, merchantID int64, url, secret string) (domain.WebhookEndpoint, error) {
	r, err := s.Q.UpsertWebhookEndpoint(ctx, queries.UpsertWebhookEndpointParams{MerchantID: merchantID, Url: url, Secret: secret})
	if err != nil {
		return domain.WebhookEndpoint{}, fmt.Errorf("upsert endpoint: %w", err)
	}
	return domain.WebhookEndpoint{ID: r.ID, MerchantID: r.MerchantID, URL: r.Url, Secret: r.Secret}, nil
}
