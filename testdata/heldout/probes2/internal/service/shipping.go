package service

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"go.mongodb.org/mongo-driver/v2/bson"

	"example.com/shop2/internal/platform"
	"example.com/shop2/internal/store/mongorepo"
)

type ShippingService struct {
	shipments *mongorepo.ShipmentRepo
	carrier   *platform.CarrierClient
	log       *slog.Logger
}

func NewShippingService(shipments *mongorepo.ShipmentRepo, carrier *platform.CarrierClient, log *slog.Logger) *ShippingService {
	return &ShippingService{shipments: shipments, carrier: carrier, log: log}
}

// BuyLabel buys the shipping label for a shipment; the warehouse UI calls it
// when a parcel is packed.
func (s *ShippingService) BuyLabel(ctx context.Context, id bson.ObjectID, service string) (*mongorepo.Label, error) {
	sh, err := s.shipments.Get(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("buy label: %w", err)
	}
	if sh.Status != mongorepo.ShipmentPending {
		return sh.Label, nil
	}

	res, err := s.carrier.BuyLabel(ctx, platform.LabelRequest{
		Reference:   "order-" + strconv.FormatInt(sh.OrderID, 10),
		ToName:      sh.Address.Name,
		ToLine1:     sh.Address.Line1,
		ToCity:      sh.Address.City,
		ToPostal:    sh.Address.PostalCode,
		ToCountry:   sh.Address.Country,
		WeightGrams: sh.WeightGrams,
		Service:     service,
	})
	if err != nil {
		return nil, fmt.Errorf("buy label for %s: %w", id.Hex(), err)
	}
	label := mongorepo.Label{
		Carrier:        res.Carrier,
		TrackingNumber: res.TrackingNumber,
		URL:            res.LabelURL,
		CostCents:      res.CostCents,
	}
	if err := s.shipments.SaveLabel(ctx, id, label); err != nil {
		return nil, err
	}
	return &label, nil
}

// SchedulePickup books a carrier pickup for a labelled shipment.
func (s *ShippingService) SchedulePickup(ctx context.Context, id bson.ObjectID, day time.Time) (string, error) {
	sh, err := s.shipments.Get(ctx, id)
	if err != nil {
		return "", fmt.Errorf("schedule pickup: %w", err)
	}
	if sh.PickupID != "" || sh.Label == nil {
		return sh.PickupID, nil
	}
	claimed, err := s.shipments.ClaimPickup(ctx, id)
	if err != nil {
		return "", fmt.Errorf("schedule pickup: %w", err)
	}
	if !claimed {
		return "", ErrOrderInProgress
	}
	res, err := s.carrier.SchedulePickup(ctx, platform.PickupRequest{
		Reference: "shipment-" + id.Hex(),
		Tracking:  []string{sh.Label.TrackingNumber},
		Date:      day,
	})
	if err != nil {
		if rerr := s.shipments.ReleasePickup(ctx, id); rerr != nil {
			s.log.ErrorContext(ctx, "release pickup claim", "shipment", id.Hex(), "err", rerr)
		}
		return "", fmt.Errorf("schedule pickup for %s: %w", id.Hex(), err)
	}
	if err := s.shipments.SetPickup(ctx, id, res.ID, res.Status); err != nil {
		return "", err
	}
	return res.ID, nil
}
