package shipments

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"

	"example.com/fleet6/internal/domain"
)

// Create books a shipment for the merchant.
func (s *Service) Create(ctx context.Context, merchantID int64, in CreateInput) (domain.Shipment, error) {
	sh := newShipment(merchantID, in)
	if err := s.Shipments.Create(ctx, &sh); err != nil {
		return domain.Shipment{}, fmt.Errorf("create shipment: %w", err)
	}
	s.announce(ctx, sh)
	return sh, nil
}

// CreateIdempotent is Create behind the Idempotency-Key header of the v1
// merchant API.
func (s *Service) CreateIdempotent(ctx context.Context, merchantID int64, key string, in CreateInput) (int, []byte, error) {
	claimed, err := s.Keys.Claim(ctx, merchantID, key)
	if err != nil {
		return 0, nil, fmt.Errorf("create shipment: %w", err)
	}
	if !claimed {
		rec, done, err := s.Keys.FindForMerchant(ctx, merchantID, key)
		if err != nil {
			return 0, nil, fmt.Errorf("create shipment: %w", err)
		}
		if !done {
			return 0, nil, fmt.Errorf("request %q still in progress: %w", key, domain.ErrConflict)
		}
		return rec.Status, rec.Body, nil
	}
	sh := newShipment(merchantID, in)
	if err := s.Shipments.Create(ctx, &sh); err != nil {
		return 0, nil, fmt.Errorf("create shipment: %w", err)
	}
	body, err := json.Marshal(sh)
	if err != nil {
		return 0, nil, err
	}
	if err := s.Keys.Save(ctx, domain.IdempotencyRecord{MerchantID: merchantID, Key: key, Status: http.StatusCreated, Body: body}); err != nil {
		return 0, nil, fmt.Errorf("create shipment: %w", err)
	}
	s.announce(ctx, sh)
	return http.StatusCreated, body, nil
}

// CreateWithKey is the v2 version: the key claim and the shipment insert
// commit in one transaction.
func (s *Service) CreateWithKey(ctx context.Context, merchantID int64, key string, in CreateInput) (int, []byte, error) {
	sh := newShipment(merchantID, in)
	created, rec, err := s.Shipments.CreateOnce(ctx, merchantID, key, &sh)
	if err != nil {
		return 0, nil, fmt.Errorf("create shipment: %w", err)
	}
	if !created {
		if rec.Status == 0 {
			return 0, nil, fmt.Errorf("request %q still in progress: %w", key, domain.ErrConflict)
		}
		return rec.Status, rec.Body, nil
	}
	s.announce(ctx, sh)
	return rec.Status, rec.Body, nil
}

func newShipment(merchantID int64, in CreateInput) domain.Shipment {
	return domain.Shipment{
		MerchantID:  merchantID,
		ClientRef:   in.ClientRef,
		Status:      domain.ShipmentCreated,
		PriceCents:  in.PriceCents,
		EscrowCents: in.EscrowCents,
	}
}

func (s *Service) announce(ctx context.Context, sh domain.Shipment) {
	if err := s.Bus.Publish(ctx, "shipments.created", sh); err != nil {
		s.Log.WarnContext(ctx, "publish shipment created", "shipment", sh.ID, "err", err)
	}
}
