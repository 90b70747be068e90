package pgstore

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/fleet6/internal/domain"
)

type Tracking struct{ Pool *pgxpool.Pool }

func applyPing(ctx context.Context, tx pgx.Tx, p domain.TrackingPing) error {
	if _, err := tx.Exec(ctx,
		`INSERT INTO tracking_pings (shipment_id, driver_id, lat, lng) VALUES ($1, $2, $3, $4)`,
		p.ShipmentID, p.DriverID, p.Lat, p.Lng); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE shipments SET distance_km = distance_km + $2, last_seen_at = now() WHERE id = $1`, p.ShipmentID, p.DeltaKm)
	return err
}

// Apply stores a GPS ping and adds its distance to the shipment's odometer.
func (s Tracking) Apply(ctx context.Context, p domain.TrackingPing) error {
	if err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		return applyPing(ctx, tx, p)
	}); err != nil {
		return fmt.Errorf("apply ping: %w", err)
	}
	return nil
}

// ApplyOnce is Apply guarded by the consumer's inbox: the processed_messages
// row and the ping commit together. It reports false for a message that was
// already applied.
func (s Tracking) ApplyOnce(ctx context.Context, consumer string, p domain.TrackingPing) (bool, error) {
	applied := false
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx,
			`INSERT INTO processed_messages (consumer, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
			consumer, p.MessageID)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil
		}
		applied = true
		return applyPing(ctx, tx, p)
	})
	if err != nil {
		return false, fmt.Errorf("apply ping once: %w", err)
	}
	return applied, nil
}
