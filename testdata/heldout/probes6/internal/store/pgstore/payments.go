package pgstore

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type ShipmentPayments struct{ Pool *pgxpool.Pool }

// Record stores the provider charge for a shipment. One payment per shipment.
func (s ShipmentPayments) Record(ctx context.Context, shipmentID int64, chargeRef string, amount int64) error {
	_, err := s.Pool.Exec(ctx,
		`INSERT INTO shipment_payments (shipment_id, charge_ref, amount_cents, status)
		 VALUES ($1, $2, $3, 'captured')
		 ON CONFLICT (shipment_id) DO NOTHING`,
		shipmentID, chargeRef, amount)
	if err != nil {
		return fmt.Errorf("record payment: %w", err)
	}
	return nil
}

// Reserve creates the pending payment row for a shipment. fresh is false
// when a payment row already existed; id is returned either way.
func (s ShipmentPayments) Reserve(ctx context.Context, shipmentID, amount int64) (id int64, fresh bool, err error) {
	err = s.Pool.QueryRow(ctx,
		`INSERT INTO shipment_payments (shipment_id, amount_cents, status)
		 VALUES ($1, $2, 'pending')
		 ON CONFLICT (shipment_id) DO NOTHING
		 RETURNING id`,
		shipmentID, amount).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		err = s.Pool.QueryRow(ctx, `SELECT id FROM shipment_payments WHERE shipment_id = $1`, shipmentID).Scan(&id)
		return id, false, err
	}
	if err != nil {
		return 0, false, fmt.Errorf("reserve payment: %w", err)
	}
	return id, true, nil
}

func (s ShipmentPayments) Captured(ctx context.Context, id int64, chargeRef string) error {
	_, err := s.Pool.Exec(ctx,
		`UPDATE shipment_payments SET charge_ref = $2, status = 'captured' WHERE id = $1`, id, chargeRef)
	if err != nil {
		return fmt.Errorf("mark payment captured: %w", err)
	}
	return nil
}
