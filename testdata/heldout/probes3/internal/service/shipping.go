package service

import (
	"context"
	"fmt"
	"time"

	"example.com/shop3/internal/domain"
	"example.com/shop3/internal/payments"
)

// LabelBuyer is implemented by payments.Carrier.
type LabelBuyer interface {
	BuyLabel(ctx context.Context, orderID int64, address string) (payments.Label, error)
	PublishTrackingPage(ctx context.Context, orderID int64, tracking string) error
}

// LabelQuota is implemented by cache.Quotas.
type LabelQuota interface {
	LabelsUsed(ctx context.Context, tenantID int64, day string) (int64, error)
	AddLabel(ctx context.Context, tenantID int64, day string) error
	TakeLabel(ctx context.Context, tenantID int64, day string, limit int64) error
}

type ShippingService struct {
	Shipments Shipments
	Carrier   LabelBuyer
	Quota     LabelQuota
	Orders    *OrderService

	FreeLabelsPerDay int64
	CarrierName      string
}

func today() string { return time.Now().UTC().Format(time.DateOnly) }

// Ship buys the label for a paid order and records the shipment.
func (s *ShippingService) Ship(ctx context.Context, orderID int64, address string) (domain.Shipment, error) {
	has, err := s.Shipments.ExistsForOrder(ctx, orderID)
	if err != nil {
		return domain.Shipment{}, err
	}
	if has {
		return s.Shipments.ByOrder(ctx, orderID)
	}
	label, err := s.Carrier.BuyLabel(ctx, orderID, address)
	if err != nil {
		return domain.Shipment{}, fmt.Errorf("buy label: %w", err)
	}
	sh := domain.Shipment{OrderID: orderID, Carrier: s.CarrierName, Tracking: label.Tracking}
	if err := s.Shipments.Insert(ctx, &sh); err != nil {
		return domain.Shipment{}, err
	}
	return sh, nil
}

// ShipExpress is Ship for express orders: the shipment row is reserved
// first and only the call that reserved it buys the label.
func (s *ShippingService) ShipExpress(ctx context.Context, orderID int64, address string) (domain.Shipment, error) {
	id, reserved, err := s.Shipments.Reserve(ctx, orderID, s.CarrierName)
	if err != nil {
		return domain.Shipment{}, err
	}
	if !reserved {
		return s.Shipments.ByOrder(ctx, orderID)
	}
	label, err := s.Carrier.BuyLabel(ctx, orderID, address)
	if err != nil {
		return domain.Shipment{}, fmt.Errorf("buy label: %w", err)
	}
	if err := s.Shipments.SetTracking(ctx, id, label.Tracking); err != nil {
		return domain.Shipment{}, err
	}
	return domain.Shipment{ID: id, OrderID: orderID, Carrier: s.CarrierName, Tracking: label.Tracking}, nil
}

// ShipFree ships on the tenant's free label budget for the day.
func (s *ShippingService) ShipFree(ctx context.Context, tenantID, orderID int64, address string) (domain.Shipment, error) {
	used, err := s.Quota.LabelsUsed(ctx, tenantID, today())
	if err != nil {
		return domain.Shipment{}, err
	}
	if used >= s.FreeLabelsPerDay {
		return domain.Shipment{}, domain.ErrQuotaExceeded
	}
	sh, err := s.ShipExpress(ctx, orderID, address)
	if err != nil {
		return sh, err
	}
	return sh, s.Quota.AddLabel(ctx, tenantID, today())
}

// ShipFreeReturn ships a return label on the same budget, taking from the
// budget before buying.
func (s *ShippingService) ShipFreeReturn(ctx context.Context, tenantID, orderID int64, address string) (domain.Shipment, error) {
	if err := s.Quota.TakeLabel(ctx, tenantID, today(), s.FreeLabelsPerDay); err != nil {
		return domain.Shipment{}, err
	}
	return s.ShipExpress(ctx, orderID, address)
}

// RefreshTracking republishes the tracking page; the carrier's PUT is
// idempotent.
func (s *ShippingService) RefreshTracking(ctx context.Context, orderID int64) error {
	sh, err := s.Shipments.ByOrder(ctx, orderID)
	if err != nil {
		return err
	}
	if sh.Tracking == "" {
		return nil
	}
	return s.Carrier.PublishTrackingPage(ctx, orderID, sh.Tracking)
}
