package sqlxstore

import (
	"context"
	"fmt"

	"github.com/jmoiron/sqlx"

	"example.com/fleet6/internal/domain"
)

type CarrierEvents struct{ DB *sqlx.DB }

func addSurcharge(ctx context.Context, tx *sqlx.Tx, ev domain.CarrierEvent) error {
	if _, err := tx.ExecContext(ctx,
		`INSERT INTO surcharges (shipment_id, carrier, kind, amount_cents) VALUES ($1, $2, $3, $4)`,
		ev.ShipmentID, ev.Carrier, ev.Kind, ev.AmountCents); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx,
		`UPDATE merchant_balances SET due_cents = due_cents + $2
		  WHERE merchant_id = (SELECT merchant_id FROM shipments WHERE id = $1)`,
		ev.ShipmentID, ev.AmountCents)
	return err
}

// AddSurcharge books a carrier surcharge against the shipment's merchant.
func (s CarrierEvents) AddSurcharge(ctx context.Context, ev domain.CarrierEvent) error {
	if err := inTx(ctx, s.DB, func(tx *sqlx.Tx) error { return addSurcharge(ctx, tx, ev) }); err != nil {
		return fmt.Errorf("add surcharge: %w", err)
	}
	return nil
}

// AddSurchargeOnce records the carrier's event id with the surcharge in one
// transaction; a redelivered event is a no-op and reports false.
func (s CarrierEvents) AddSurchargeOnce(ctx context.Context, ev domain.CarrierEvent) (bool, error) {
	applied := false
	err := inTx(ctx, s.DB, func(tx *sqlx.Tx) error {
		res, err := tx.ExecContext(ctx,
			`INSERT INTO carrier_events (carrier, event_id, kind, shipment_id) VALUES ($1, $2, $3, $4)
			 ON CONFLICT (carrier, event_id) DO NOTHING`,
			ev.Carrier, ev.EventID, ev.Kind, ev.ShipmentID)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		applied = true
		return addSurcharge(ctx, tx, ev)
	})
	if err != nil {
		return false, fmt.Errorf("add surcharge once: %w", err)
	}
	return applied, nil
}
