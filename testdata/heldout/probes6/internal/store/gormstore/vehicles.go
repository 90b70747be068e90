package gormstore

import (
	"context"
	"errors"
	"fmt"

	"gorm.io/gorm"

	"example.com/fleet6/internal/domain"
)

type Vehicles struct{ DB *gorm.DB }

func (s Vehicles) ByPlate(ctx context.Context, fleetID int64, plate string) (domain.Vehicle, error) {
	var v domain.Vehicle
	if err := s.DB.WithContext(ctx).Where("fleet_id = ? AND plate = ?", fleetID, plate).Limit(1).Find(&v).Error; err != nil {
		return domain.Vehicle{}, fmt.Errorf("vehicle by plate: %w", err)
	}
	return v, nil
}

func (s Vehicles) Create(ctx context.Context, v *domain.Vehicle) error {
	err := s.DB.WithContext(ctx).Create(v).Error
	if errors.Is(err, gorm.ErrDuplicatedKey) {
		return fmt.Errorf("vehicle %s: %w", v.Plate, domain.ErrAlreadyExists)
	}
	if err != nil {
		return fmt.Errorf("create vehicle: %w", err)
	}
	return nil
}

type Trailers struct{ DB *gorm.DB }

func (s Trailers) ByVIN(ctx context.Context, fleetID int64, vin string) (domain.Trailer, error) {
	var t domain.Trailer
	if err := s.DB.WithContext(ctx).Where("fleet_id = ? AND vin = ?", fleetID, vin).Limit(1).Find(&t).Error; err != nil {
		return domain.Trailer{}, fmt.Errorf("trailer by vin: %w", err)
	}
	return t, nil
}

func (s Trailers) Create(ctx context.Context, t *domain.Trailer) error {
	if err := s.DB.WithContext(ctx).Create(t).Error; err != nil {
		return fmt.Errorf("create trailer: %w", err)
	}
	return nil
}
