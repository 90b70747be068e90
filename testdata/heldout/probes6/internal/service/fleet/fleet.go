// Package fleet manages a fleet's vehicles, trailers, depots and zones.
package fleet

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/effects"
	"example.com/fleet6/internal/repo"
)

type Service struct {
	Vehicles repo.Vehicles
	Trailers repo.Trailers
	Depots   repo.Depots
	Zones    repo.Zones
	Profiles repo.VehicleProfiles
	Bus      effects.Publisher
	Log      *slog.Logger
}

// AddTrailer registers a trailer. The insurance integration bills a premium
// per trailer it sees announced.
func (s *Service) AddTrailer(ctx context.Context, fleetID int64, vin string, axles int) (domain.Trailer, error) {
	vin = strings.ToUpper(strings.TrimSpace(vin))
	t, err := s.Trailers.ByVIN(ctx, fleetID, vin)
	if err != nil {
		return domain.Trailer{}, fmt.Errorf("add trailer: %w", err)
	}
	if t.ID == 0 {
		t = domain.Trailer{FleetID: fleetID, VIN: vin, Axles: axles}
		if err := s.Trailers.Create(ctx, &t); err != nil {
			return domain.Trailer{}, fmt.Errorf("add trailer: %w", err)
		}
		s.publish(ctx, "fleet.trailer_added", t)
	}
	return t, nil
}

// AddVehicle registers a vehicle by plate; registering a plate twice
// returns the existing vehicle.
func (s *Service) AddVehicle(ctx context.Context, fleetID int64, plate, model string) (domain.Vehicle, error) {
	plate = strings.ToUpper(strings.ReplaceAll(plate, " ", ""))
	v, err := s.Vehicles.ByPlate(ctx, fleetID, plate)
	if err != nil {
		return domain.Vehicle{}, fmt.Errorf("add vehicle: %w", err)
	}
	if v.ID != 0 {
		return v, nil
	}
	v = domain.Vehicle{FleetID: fleetID, Plate: plate, Model: model}
	err = s.Vehicles.Create(ctx, &v)
	if errors.Is(err, domain.ErrAlreadyExists) {
		return s.Vehicles.ByPlate(ctx, fleetID, plate)
	}
	if err != nil {
		return domain.Vehicle{}, fmt.Errorf("add vehicle: %w", err)
	}
	s.publish(ctx, "fleet.vehicle_added", v)
	return v, nil
}

// OpenDepot creates a depot; depot codes are meant to be unique in an org.
func (s *Service) OpenDepot(ctx context.Context, d domain.Depot) (domain.Depot, error) {
	exists, err := s.Depots.Exists(ctx, d.OrgID, d.Code)
	if err != nil {
		return domain.Depot{}, fmt.Errorf("open depot: %w", err)
	}
	if exists {
		return domain.Depot{}, fmt.Errorf("depot %s: %w", d.Code, domain.ErrConflict)
	}
	if err := s.Depots.Insert(ctx, &d); err != nil {
		return domain.Depot{}, fmt.Errorf("open depot: %w", err)
	}
	s.publish(ctx, "fleet.depot_opened", d)
	return d, nil
}

// DefineZone creates a delivery zone unless the org already has the code.
func (s *Service) DefineZone(ctx context.Context, orgID int64, code, name, polygon string) error {
	exists, err := s.Zones.Exists(ctx, orgID, code)
	if err != nil {
		return fmt.Errorf("define zone: %w", err)
	}
	if exists {
		return nil
	}
	created, err := s.Zones.InsertIfAbsent(ctx, orgID, code, name, polygon)
	if err != nil {
		return fmt.Errorf("define zone: %w", err)
	}
	if created {
		s.publish(ctx, "fleet.zone_defined", map[string]any{"org": orgID, "code": code})
	}
	return nil
}

// TagVehicle adds a free-form tag ("reefer", "tail-lift") to a vehicle.
func (s *Service) TagVehicle(ctx context.Context, vehicleID int64, tag string) error {
	tags, err := s.Profiles.Tags(ctx, vehicleID)
	if err != nil {
		return fmt.Errorf("tag vehicle: %w", err)
	}
	if slices.Contains(tags, tag) {
		return nil
	}
	tags = append(tags, tag)
	if err := s.Profiles.SetTags(ctx, vehicleID, tags); err != nil {
		return fmt.Errorf("tag vehicle: %w", err)
	}
	return nil
}

// AddEquipment records equipment carried by the vehicle.
func (s *Service) AddEquipment(ctx context.Context, vehicleID int64, items ...string) error {
	have, err := s.Profiles.Equipment(ctx, vehicleID)
	if err != nil {
		return fmt.Errorf("add equipment: %w", err)
	}
	var missing []string
	for _, it := range items {
		if !slices.Contains(have, it) {
			missing = append(missing, it)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	if err := s.Profiles.AddEquipment(ctx, vehicleID, missing...); err != nil {
		return fmt.Errorf("add equipment: %w", err)
	}
	return nil
}

func (s *Service) publish(ctx context.Context, subject string, payload any) {
	if err := s.Bus.Publish(ctx, subject, payload); err != nil {
		s.Log.WarnContext(ctx, "publish", "subject", subject, "err", err)
	}
}
