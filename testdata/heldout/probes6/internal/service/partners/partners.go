// Package partners handles merchant integrations: webhook endpoints,
// carrier and customs-broker links, carrier event webhooks and API quotas.
package partners

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/repo"
)

type Service struct {
	Endpoints repo.WebhookEndpoints
	Links     repo.CarrierLinks
	Events    repo.CarrierEvents
	Quotas    repo.Quotas
	Log       *slog.Logger

	HourlyLimit int64
}

// RegisterEndpoint registers a webhook URL for the merchant.
func (s *Service) RegisterEndpoint(ctx context.Context, merchantID int64, url string) (domain.WebhookEndpoint, error) {
	ep, ok, err := s.Endpoints.Find(ctx, merchantID, url)
	if err != nil {
		return domain.WebhookEndpoint{}, fmt.Errorf("register endpoint: %w", err)
	}
	if ok {
		return ep, nil
	}
	ep, err = s.Endpoints.Upsert(ctx, merchantID, url, newSecret())
	if err != nil {
		return domain.WebhookEndpoint{}, fmt.Errorf("register endpoint: %w", err)
	}
	return ep, nil
}

// LinkCarrier connects the merchant's own carrier account.
func (s *Service) LinkCarrier(ctx context.Context, merchantID int64, carrier, accountNo string) (domain.CarrierLink, error) {
	l := domain.CarrierLink{MerchantID: merchantID, Carrier: carrier, AccountNo: accountNo}
	if err := s.Links.LinkCarrier(ctx, &l); err != nil {
		return domain.CarrierLink{}, fmt.Errorf("link carrier: %w", err)
	}
	return l, nil
}

// LinkBroker connects the merchant's customs broker.
func (s *Service) LinkBroker(ctx context.Context, merchantID int64, broker, eori string) error {
	err := s.Links.LinkBroker(ctx, merchantID, broker, eori)
	if errors.Is(err, domain.ErrAlreadyExists) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("link broker: %w", err)
	}
	return nil
}

// HandleParcelNetEvent processes a ParcelNet webhook. ParcelNet retries a
// delivery until it gets a 2xx within five seconds.
func (s *Service) HandleParcelNetEvent(ctx context.Context, ev domain.CarrierEvent) error {
	ev.Carrier = "parcelnet"
	switch ev.Kind {
	case "address_correction", "redelivery_fee":
		if err := s.Events.AddSurcharge(ctx, ev); err != nil {
			return fmt.Errorf("parcelnet %s: %w", ev.EventID, err)
		}
	default:
		s.Log.DebugContext(ctx, "ignored parcelnet event", "kind", ev.Kind)
	}
	return nil
}

// HandleFreightHubEvent processes a FreightHub webhook; FreightHub also
// retries on timeouts.
func (s *Service) HandleFreightHubEvent(ctx context.Context, ev domain.CarrierEvent) error {
	ev.Carrier = "freighthub"
	switch ev.Kind {
	case "waiting_time", "tail_lift":
		applied, err := s.Events.AddSurchargeOnce(ctx, ev)
		if err != nil {
			return fmt.Errorf("freighthub %s: %w", ev.EventID, err)
		}
		if !applied {
			s.Log.InfoContext(ctx, "duplicate freighthub event", "event", ev.EventID)
		}
	default:
		s.Log.DebugContext(ctx, "ignored freighthub event", "kind", ev.Kind)
	}
	return nil
}

// AllowAPICall enforces the hourly API quota of a merchant API key.
func (s *Service) AllowAPICall(ctx context.Context, apiKeyID string) error {
	now := time.Now()
	used, err := s.Quotas.Used(ctx, apiKeyID, now)
	if err != nil {
		return fmt.Errorf("api quota: %w", err)
	}
	if used >= s.HourlyLimit {
		return domain.ErrQuotaExceeded
	}
	return s.Quotas.Store(ctx, apiKeyID, now, used+1)
}

// AllowWebhookDelivery enforces the hourly quota on outgoing webhooks.
func (s *Service) AllowWebhookDelivery(ctx context.Context, apiKeyID string) error {
	n, err := s.Quotas.Incr(ctx, apiKeyID, time.Now())
	if err != nil {
		return fmt.Errorf("webhook quota: %w", err)
	}
	if n > s.HourlyLimit {
		return domain.ErrQuotaExceeded
	}
	return nil
}

func newSecret() string {
	b := make([]byte, 24)
	_, _ = rand.Read(b)
	return "whsec_" + hex.EncodeToString(b)
}
