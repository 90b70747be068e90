package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"example.com/fleet6/internal/domain"
)

type Drivers struct{ DB *sql.DB }

func (s Drivers) Get(ctx context.Context, id int64) (domain.Driver, error) {
	var d domain.Driver
	err := s.DB.QueryRowContext(ctx,
		`SELECT id, fleet_id, phone, name, status, created_at FROM drivers WHERE id = $1`, id,
	).Scan(&d.ID, &d.FleetID, &d.Phone, &d.Name, &d.Status, &d.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Driver{}, domain.ErrNotFound
	}
	if err != nil {
		return domain.Driver{}, fmt.Errorf("get driver %d: %w", id, err)
	}
	return d, nil
}

func (s Drivers) FindByPhone(ctx context.Context, fleetID int64, phone string) (domain.Driver, error) {
	var d domain.Driver
	err := s.DB.QueryRowContext(ctx,
		`SELECT id, fleet_id, phone, name, status, created_at FROM drivers WHERE fleet_id = $1 AND phone = $2`,
		fleetID, phone,
	).Scan(&d.ID, &d.FleetID, &d.Phone, &d.Name, &d.Status, &d.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return domain.Driver{}, domain.ErrNotFound
	}
	if err != nil {
		return domain.Driver{}, fmt.Errorf("find driver by phone: %w", err)
	}
	return d, nil
}

// CreateIfAbsent inserts the driver unless drivers_fleet_phone_key already
// holds (fleet_id, phone). It reports whether this call created the row; d.ID
// is set either way.
func (s Drivers) CreateIfAbsent(ctx context.Context, d *domain.Driver) (bool, error) {
	err := s.DB.QueryRowContext(ctx,
		`INSERT INTO drivers (fleet_id, phone, name, status)
		 VALUES ($1, $2, $3, $4)
		 ON CONFLICT (fleet_id, phone) DO NOTHING
		 RETURNING id`,
		d.FleetID, d.Phone, d.Name, d.Status,
	).Scan(&d.ID)
	if errors.Is(err, sql.ErrNoRows) {
		existing, err := s.FindByPhone(ctx, d.FleetID, d.Phone)
		if err != nil {
			return false, err
		}
		*d = existing
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("insert driver: %w", err)
	}
	return true, nil
}

type Applications struct{ DB *sql.DB }

func (s Applications) FindOpenByPhone(ctx context.Context, fleetID int64, phone string) (*domain.DriverApplication, error) {
	var a domain.DriverApplication
	err := s.DB.QueryRowContext(ctx,
		`SELECT id, fleet_id, phone, name, license_no, status, created_at
		   FROM driver_applications
		  WHERE fleet_id = $1 AND phone = $2 AND status = 'open'`,
		fleetID, phone,
	).Scan(&a.ID, &a.FleetID, &a.Phone, &a.Name, &a.LicenseNo, &a.Status, &a.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("find application: %w", err)
	}
	return &a, nil
}

func (s Applications) Insert(ctx context.Context, a *domain.DriverApplication) error {
	err := s.DB.QueryRowContext(ctx,
		`INSERT INTO driver_applications (fleet_id, phone, name, license_no, status)
		 VALUES ($1, $2, $3, $4, 'open') RETURNING id, created_at`,
		a.FleetID, a.Phone, a.Name, a.LicenseNo,
	).Scan(&a.ID, &a.CreatedAt)
	if err != nil {
		return fmt.Errorf("insert application: %w", err)
	}
	a.Status = "open"
	return nil
}
