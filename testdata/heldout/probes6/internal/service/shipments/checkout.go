package shipments

import (
	"context"
	"fmt"

	"example.com/fleet6/internal/effects"
)

// Checkout charges the customer's card for a shipment from the web checkout.
func (s *Service) Checkout(ctx context.Context, shipmentID int64, customerRef string) error {
	sh, err := s.Shipments.Get(ctx, shipmentID)
	if err != nil {
		return fmt.Errorf("checkout: %w", err)
	}
	chargeID, err := s.Provider.Charge(ctx, effects.ChargeRequest{
		CustomerRef: customerRef,
		AmountCents: sh.PriceCents,
		Currency:    "EUR",
		Description: fmt.Sprintf("Shipment #%d", sh.ID),
	})
	if err != nil {
		return fmt.Errorf("checkout: %w", err)
	}
	return s.Payments.Record(ctx, sh.ID, chargeID, sh.PriceCents)
}

// Prepay is the API version used by merchants with stored cards.
func (s *Service) Prepay(ctx context.Context, shipmentID int64, customerRef string) error {
	sh, err := s.Shipments.Get(ctx, shipmentID)
	if err != nil {
		return fmt.Errorf("prepay: %w", err)
	}
	paymentID, fresh, err := s.Payments.Reserve(ctx, sh.ID, sh.PriceCents)
	if err != nil {
		return fmt.Errorf("prepay: %w", err)
	}
	if !fresh {
		return nil
	}
	ref, err := s.Provider.Charge(ctx, effects.ChargeRequest{
		CustomerRef:    customerRef,
		AmountCents:    sh.PriceCents,
		Currency:       "EUR",
		Description:    fmt.Sprintf("Shipment #%d", sh.ID),
		IdempotencyKey: fmt.Sprintf("shipment-payment-%d", paymentID),
	})
	if err != nil {
		return fmt.Errorf("prepay: %w", err)
	}
	return s.Payments.Captured(ctx, paymentID, ref)
}
