package pgstore

import (
	"context"
	"database/sql"

	"unseentracking/repo"
)

type Tracking struct{ DB *sql.DB }

func applyPing(ctx context.Context, tx *sql.Tx, p repo.Ping) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO tracking_pings (shipment_id, delta_km) VALUES ($1, $2)`, p.ShipmentID, p.DeltaKm); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `UPDATE shipments SET distance_km = distance_km + $2 WHERE id = $1`, p.ShipmentID, p.DeltaKm)
	return err
}

// Apply adds the ping's distance to the shipment's odometer.
func (s Tracking) Apply(ctx context.Context, p repo.Ping) error {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := applyPing(ctx, tx, p); err != nil {
		return err
	}
	return tx.Commit()
}

// ApplyOnce records the message id first, in the same transaction.
func (s Tracking) ApplyOnce(ctx context.Context, consumer string, p repo.Ping) (bool, error) {
	tx, err := s.DB.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `INSERT INTO processed_messages (consumer, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, consumer, p.MessageID)
	if err != nil {
		return false, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return false, nil
	}
	if err := applyPing(ctx, tx, p); err != nil {
		return false, err
	}
	return true, tx.Commit()
}

// Locate stores the last position: the same ping sets the same values.
func (s Tracking) Locate(ctx context.Context, shipmentID, lat, lng int64) error {
	_, err := s.DB.ExecContext(ctx, `UPDATE shipments SET lat = $2, lng = $3 WHERE id = $1`, shipmentID, lat, lng)
	return err
}
