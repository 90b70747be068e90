package sqlxstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/jmoiron/sqlx"

	"example.com/fleet6/internal/domain"
)

type CapacityHolds struct{ DB *sqlx.DB }

// Hold reserves pallets on a lane for a week for a shipper. Each shipper has
// one hold per lane and week that grows with later requests.
func (s CapacityHolds) Hold(ctx context.Context, shipperID, laneID int64, week string, pallets int) (domain.CapacityHold, error) {
	var h domain.CapacityHold
	err := inTx(ctx, s.DB, func(tx *sqlx.Tx) error {
		err := tx.GetContext(ctx, &h,
			`SELECT id, lane_id, week, pallets FROM capacity_holds
			  WHERE shipper_id = $1 AND lane_id = $2 AND week = $3 FOR UPDATE`,
			shipperID, laneID, week)
		if errors.Is(err, sql.ErrNoRows) {
			return tx.GetContext(ctx, &h,
				`INSERT INTO capacity_holds (shipper_id, lane_id, week, pallets) VALUES ($1, $2, $3, $4)
				 RETURNING id, lane_id, week, pallets`,
				shipperID, laneID, week, pallets)
		}
		if err != nil {
			return err
		}
		return tx.GetContext(ctx, &h,
			`UPDATE capacity_holds SET pallets = pallets + $2 WHERE id = $1 RETURNING id, lane_id, week, pallets`,
			h.ID, pallets)
	})
	if err != nil {
		return domain.CapacityHold{}, fmt.Errorf("hold capacity: %w", err)
	}
	return h, nil
}

// HoldWithinCapacity reserves pallets only while the lane has room.
func (s CapacityHolds) HoldWithinCapacity(ctx context.Context, shipperID, laneID int64, week string, pallets int) (domain.CapacityHold, error) {
	var h domain.CapacityHold
	err := inTx(ctx, s.DB, func(tx *sqlx.Tx) error {
		var capacity int
		if err := tx.GetContext(ctx, &capacity,
			`SELECT weekly_pallets FROM lanes WHERE id = $1 FOR UPDATE`, laneID); err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return domain.ErrNotFound
			}
			return err
		}
		var held int
		if err := tx.GetContext(ctx, &held,
			`SELECT coalesce(sum(pallets), 0) FROM lane_bookings WHERE lane_id = $1 AND week = $2`,
			laneID, week); err != nil {
			return err
		}
		if held+pallets > capacity {
			return domain.ErrQuotaExceeded
		}
		return tx.GetContext(ctx, &h,
			`INSERT INTO lane_bookings (shipper_id, lane_id, week, pallets) VALUES ($1, $2, $3, $4)
			 RETURNING id, lane_id, week, pallets`,
			shipperID, laneID, week, pallets)
	})
	if err != nil {
		return domain.CapacityHold{}, fmt.Errorf("hold within capacity: %w", err)
	}
	return h, nil
}
