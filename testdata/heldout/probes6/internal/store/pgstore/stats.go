package pgstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type DriverStats struct{ Pool *pgxpool.Pool }

func (s DriverStats) CompletedTrips(ctx context.Context, driverID int64) (int, error) {
	var n int
	err := s.Pool.QueryRow(ctx, `SELECT completed_trips FROM driver_stats WHERE driver_id = $1`, driverID).Scan(&n)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("completed trips: %w", err)
	}
	return n, nil
}

func (s DriverStats) SetCompletedTrips(ctx context.Context, driverID int64, n int) error {
	_, err := s.Pool.Exec(ctx,
		`INSERT INTO driver_stats (driver_id, completed_trips) VALUES ($1, $2)
		 ON CONFLICT (driver_id) DO UPDATE SET completed_trips = EXCLUDED.completed_trips`,
		driverID, n)
	if err != nil {
		return fmt.Errorf("set completed trips: %w", err)
	}
	return nil
}

// IncrementDeliveries bumps the delivered-parcels counter and returns the new
// value.
func (s DriverStats) IncrementDeliveries(ctx context.Context, driverID int64, parcels int) (int, error) {
	var n int
	err := s.Pool.QueryRow(ctx,
		`INSERT INTO driver_stats (driver_id, delivered_parcels) VALUES ($1, $2)
		 ON CONFLICT (driver_id) DO UPDATE SET delivered_parcels = driver_stats.delivered_parcels + EXCLUDED.delivered_parcels
		 RETURNING delivered_parcels`,
		driverID, parcels).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("increment deliveries: %w", err)
	}
	return n, nil
}
