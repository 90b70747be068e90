// Package shipping books carrier pickups and tracks delivery.
package shipping

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"example.com/shop4/internal/clients/courier"
	"example.com/shop4/internal/clients/mailer"
	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

var ErrAlreadyDispatched = errors.New("shipping: shipment already dispatched")

type Service struct {
	shipments store.ShipmentStore
	courier   courier.Booker
	mail      mailer.Mailer
}

func New(shipments store.ShipmentStore, c courier.Booker, m mailer.Mailer) *Service {
	return &Service{shipments: shipments, courier: c, mail: m}
}

// Dispatch books a pickup for a packed shipment.
func (s *Service) Dispatch(ctx context.Context, shipmentID int64) (*domain.Shipment, error) {
	sh, err := s.shipments.GetShipment(ctx, shipmentID)
	if err != nil {
		return nil, err
	}
	if sh.GetState() != domain.ShipmentState_SHIPMENT_STATE_PENDING {
		return sh, ErrAlreadyDispatched
	}
	label, err := s.bookPickup(ctx, sh)
	if err != nil {
		return nil, err
	}
	sh.SetCarrier(label.Carrier)
	sh.SetTrackingCode(label.TrackingCode)
	sh.SetState(domain.ShipmentState_SHIPMENT_STATE_DISPATCHED)
	if err := s.shipments.UpdateShipment(ctx, sh); err != nil {
		return nil, err
	}
	s.notify(ctx, sh, "shipment-dispatched")
	return sh, nil
}

func (s *Service) bookPickup(ctx context.Context, sh *domain.Shipment) (courier.Label, error) {
	return s.courier.Book(ctx, courier.Booking{
		Reference:   fmt.Sprintf("SHP-%d", sh.GetId()),
		Recipient:   sh.GetRecipient(),
		Address:     sh.GetAddress(),
		WeightGrams: sh.GetWeightGrams(),
	})
}

// MarkDelivered records the carrier's proof of delivery.
func (s *Service) MarkDelivered(ctx context.Context, shipmentID int64) error {
	var delivered *domain.Shipment
	err := s.shipments.InTx(ctx, func(tx store.ShipmentStore) error {
		sh, err := tx.GetShipmentForUpdate(ctx, shipmentID)
		if err != nil {
			return err
		}
		if sh.GetState() != domain.ShipmentState_SHIPMENT_STATE_DISPATCHED {
			return nil
		}
		sh.SetState(domain.ShipmentState_SHIPMENT_STATE_DELIVERED)
		if err := tx.UpdateShipment(ctx, sh); err != nil {
			return err
		}
		delivered = sh
		return nil
	})
	if err != nil {
		return err
	}
	if delivered != nil {
		s.notify(ctx, delivered, "shipment-delivered")
	}
	return nil
}

func (s *Service) notify(ctx context.Context, sh *domain.Shipment, template string) {
	msg := mailer.Message{To: sh.GetEmail(), Template: template, Data: map[string]any{
		"carrier": sh.GetCarrier(), "tracking": sh.GetTrackingCode(),
	}}
	if err := s.mail.Send(ctx, msg); err != nil {
		slog.WarnContext(ctx, "shipment mail", "shipment", sh.GetId(), "err", err)
	}
}
