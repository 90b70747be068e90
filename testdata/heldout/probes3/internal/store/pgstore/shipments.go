package pgstore

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"

	"example.com/shop3/internal/domain"
)

// ShipmentRepo: shipments has UNIQUE (order_id).
type ShipmentRepo struct{ *Store }

func (r ShipmentRepo) ExistsForOrder(ctx context.Context, orderID int64) (bool, error) {
	var ok bool
	err := r.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM shipments WHERE order_id = $1)`, orderID).Scan(&ok)
	return ok, err
}

func (r ShipmentRepo) Insert(ctx context.Context, sh *domain.Shipment) error {
	err := r.pool.QueryRow(ctx,
		`INSERT INTO shipments (order_id, carrier, tracking) VALUES ($1, $2, $3) RETURNING id`,
		sh.OrderID, sh.Carrier, sh.Tracking).Scan(&sh.ID)
	return translate(err)
}

// Reserve inserts a shipment without a label for the order and reports
// whether this call inserted it.
func (r ShipmentRepo) Reserve(ctx context.Context, orderID int64, carrier string) (int64, bool, error) {
	var id int64
	err := r.pool.QueryRow(ctx, `
		INSERT INTO shipments (order_id, carrier, tracking) VALUES ($1, $2, '')
		ON CONFLICT (order_id) DO NOTHING
		RETURNING id`, orderID, carrier).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	return id, err == nil, err
}

func (r ShipmentRepo) SetTracking(ctx context.Context, id int64, tracking string) error {
	_, err := r.pool.Exec(ctx, `UPDATE shipments SET tracking = $2 WHERE id = $1`, id, tracking)
	return err
}

func (r ShipmentRepo) ByOrder(ctx context.Context, orderID int64) (domain.Shipment, error) {
	var sh domain.Shipment
	err := r.pool.QueryRow(ctx,
		`SELECT id, order_id, carrier, tracking FROM shipments WHERE order_id = $1`, orderID).
		Scan(&sh.ID, &sh.OrderID, &sh.Carrier, &sh.Tracking)
	return sh, translate(err)
}
