package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"example.com/fleet6/internal/domain"
)

type Shifts struct{ DB *sql.DB }

// Book gives the driver a shift at the depot for the day. A driver works at
// most one regular shift per day.
func (s Shifts) Book(ctx context.Context, driverID int64, day time.Time, depotID int64) (domain.Shift, error) {
	sh := domain.Shift{DriverID: driverID, Day: day, DepotID: depotID}
	err := withTx(ctx, s.DB, func(tx *sql.Tx) error {
		var existing int64
		err := tx.QueryRowContext(ctx,
			`SELECT id FROM driver_shifts WHERE driver_id = $1 AND day = $2 FOR UPDATE`,
			driverID, day,
		).Scan(&existing)
		switch {
		case err == nil:
			return fmt.Errorf("driver %d already has shift %d on %s: %w", driverID, existing, day.Format(time.DateOnly), domain.ErrSlotTaken)
		case !errors.Is(err, sql.ErrNoRows):
			return err
		}
		return tx.QueryRowContext(ctx,
			`INSERT INTO driver_shifts (driver_id, day, depot_id) VALUES ($1, $2, $3) RETURNING id`,
			driverID, day, depotID,
		).Scan(&sh.ID)
	})
	if err != nil {
		return domain.Shift{}, fmt.Errorf("book shift: %w", err)
	}
	return sh, nil
}

// BookOvertime adds an overtime shift; a driver may take at most two per week.
func (s Shifts) BookOvertime(ctx context.Context, driverID int64, day time.Time, depotID int64) (domain.Shift, error) {
	sh := domain.Shift{DriverID: driverID, Day: day, DepotID: depotID}
	err := withTx(ctx, s.DB, func(tx *sql.Tx) error {
		var id int64
		if err := tx.QueryRowContext(ctx,
			`SELECT id FROM drivers WHERE id = $1 FOR UPDATE`, driverID,
		).Scan(&id); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return domain.ErrNotFound
			}
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx,
			`SELECT count(*) FROM overtime_shifts
			  WHERE driver_id = $1 AND date_trunc('week', day) = date_trunc('week', $2::date)`,
			driverID, day,
		).Scan(&n); err != nil {
			return err
		}
		if n >= 2 {
			return domain.ErrQuotaExceeded
		}
		return tx.QueryRowContext(ctx,
			`INSERT INTO overtime_shifts (driver_id, day, depot_id) VALUES ($1, $2, $3) RETURNING id`,
			driverID, day, depotID,
		).Scan(&sh.ID)
	})
	if err != nil {
		return domain.Shift{}, fmt.Errorf("book overtime: %w", err)
	}
	return sh, nil
}
