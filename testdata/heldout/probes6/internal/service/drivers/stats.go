package drivers

import (
	"context"
	"fmt"
)

var tripMilestones = map[int]string{100: "bronze", 500: "silver", 1000: "gold"}

// RecordTripCompleted is called by the dispatch consumer when a trip closes.
func (s *Service) RecordTripCompleted(ctx context.Context, driverID int64) error {
	n, err := s.Stats.CompletedTrips(ctx, driverID)
	if err != nil {
		return fmt.Errorf("record trip: %w", err)
	}
	n++
	if err := s.Stats.SetCompletedTrips(ctx, driverID, n); err != nil {
		return fmt.Errorf("record trip: %w", err)
	}
	return s.maybeCelebrate(ctx, driverID, n)
}

// RecordDeliveries adds the parcels of a closed route to the driver's total.
func (s *Service) RecordDeliveries(ctx context.Context, driverID int64, parcels int) error {
	total, err := s.Stats.IncrementDeliveries(ctx, driverID, parcels)
	if err != nil {
		return fmt.Errorf("record deliveries: %w", err)
	}
	s.Log.DebugContext(ctx, "deliveries recorded", "driver", driverID, "total", total)
	return nil
}

func (s *Service) maybeCelebrate(ctx context.Context, driverID int64, trips int) error {
	tier, ok := tripMilestones[trips]
	if !ok {
		return nil
	}
	d, err := s.Drivers.Get(ctx, driverID)
	if err != nil {
		return err
	}
	return s.SMS.Send(ctx, d.Phone, fmt.Sprintf("Congratulations, %d trips! You reached %s tier.", trips, tier))
}
