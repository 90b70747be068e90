package drivers

import (
	"context"
	"errors"
	"fmt"

	"example.com/fleet6/internal/domain"
)

type ApplyInput struct {
	FleetID   int64
	Phone     string
	Name      string
	LicenseNo string
}

// Apply records a self-service driver application from the public sign-up
// form. Re-submitting the form returns the open application.
func (s *Service) Apply(ctx context.Context, in ApplyInput) (*domain.DriverApplication, error) {
	phone := normalizePhone(in.Phone)
	existing, err := s.Apps.FindOpenByPhone(ctx, in.FleetID, phone)
	if err != nil {
		return nil, fmt.Errorf("apply: %w", err)
	}
	if existing != nil {
		return existing, nil
	}
	return s.openApplication(ctx, in, phone)
}

func (s *Service) openApplication(ctx context.Context, in ApplyInput, phone string) (*domain.DriverApplication, error) {
	app := &domain.DriverApplication{
		FleetID:   in.FleetID,
		Phone:     phone,
		Name:      in.Name,
		LicenseNo: in.LicenseNo,
	}
	if err := s.Apps.Insert(ctx, app); err != nil {
		return nil, fmt.Errorf("open application: %w", err)
	}
	if err := s.SMS.Send(ctx, phone, "Thanks for applying to drive with us. We'll be in touch within 48 hours."); err != nil {
		s.Log.WarnContext(ctx, "application sms failed", "application", app.ID, "err", err)
	}
	return app, nil
}

// AcceptInvite turns an invite that a fleet manager sent into a driver
// account. The driver app retries the call when the network drops.
func (s *Service) AcceptInvite(ctx context.Context, inv domain.Invite, name string) (domain.Driver, error) {
	phone := normalizePhone(inv.Phone)
	d, err := s.Drivers.FindByPhone(ctx, inv.FleetID, phone)
	if err == nil {
		return d, nil
	}
	if !errors.Is(err, domain.ErrNotFound) {
		return domain.Driver{}, fmt.Errorf("accept invite: %w", err)
	}
	return s.enrol(ctx, inv.FleetID, phone, name)
}

func (s *Service) enrol(ctx context.Context, fleetID int64, phone, name string) (domain.Driver, error) {
	d := domain.Driver{FleetID: fleetID, Phone: phone, Name: name, Status: domain.DriverPending}
	created, err := s.Drivers.CreateIfAbsent(ctx, &d)
	if err != nil {
		return domain.Driver{}, fmt.Errorf("enrol driver: %w", err)
	}
	if created {
		if err := s.SMS.Send(ctx, phone, "Welcome aboard! Open the app to finish your profile."); err != nil {
			s.Log.WarnContext(ctx, "welcome sms failed", "driver", d.ID, "err", err)
		}
	}
	return d, nil
}

// JoinFleet lets an existing driver join a second fleet with a share link.
func (s *Service) JoinFleet(ctx context.Context, driverID, fleetID int64) error {
	d, err := s.Drivers.Get(ctx, driverID)
	if err != nil {
		return fmt.Errorf("join fleet: %w", err)
	}
	if err := s.announceJoin(ctx, d, fleetID); err != nil {
		return err
	}
	if _, err := s.Memberships.Add(ctx, domain.Membership{DriverID: d.ID, FleetID: fleetID, Role: "driver"}); err != nil {
		return fmt.Errorf("join fleet: %w", err)
	}
	return nil
}

func (s *Service) announceJoin(ctx context.Context, d domain.Driver, fleetID int64) error {
	body := fmt.Sprintf("Hi %s, you're now part of fleet #%d. Your first job offers arrive shortly.", d.Name, fleetID)
	if err := s.SMS.Send(ctx, d.Phone, body); err != nil {
		return fmt.Errorf("announce join: %w", err)
	}
	return nil
}

// AddToFleet is the manager-side version: the fleet admin adds a driver by id.
func (s *Service) AddToFleet(ctx context.Context, driverID, fleetID int64, role string) error {
	d, err := s.Drivers.Get(ctx, driverID)
	if err != nil {
		return fmt.Errorf("add to fleet: %w", err)
	}
	added, err := s.Memberships.Add(ctx, domain.Membership{DriverID: d.ID, FleetID: fleetID, Role: role})
	if err != nil {
		return fmt.Errorf("add to fleet: %w", err)
	}
	if !added {
		return nil
	}
	msg := fmt.Sprintf("Hi %s, fleet #%d added you as %s.", d.Name, fleetID, role)
	if err := s.SMS.Send(ctx, d.Phone, msg); err != nil {
		s.Log.WarnContext(ctx, "membership sms failed", "driver", d.ID, "err", err)
	}
	return nil
}
