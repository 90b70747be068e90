package pgrepo

import (
	"context"

	"github.com/jackc/pgx/v5"

	"example.com/shop4/internal/domain"
	"example.com/shop4/internal/store"
)

const getShipment = `-- name: GetShipment :one
SELECT id, order_id, state, carrier, tracking_code, recipient, email, address, weight_grams
FROM shipments WHERE id = $1`

const getShipmentForUpdate = `-- name: GetShipmentForUpdate :one
SELECT id, order_id, state, carrier, tracking_code, recipient, email, address, weight_grams
FROM shipments WHERE id = $1 FOR UPDATE`

const updateShipment = `-- name: UpdateShipment :exec
UPDATE shipments
SET order_id = $2, state = $3, carrier = $4, tracking_code = $5,
    recipient = $6, email = $7, address = $8, weight_grams = $9, updated_at = now()
WHERE id = $1`

type Shipments struct {
	db   DBTX
	pool TxBeginner
}

func NewShipments(pool TxBeginner) *Shipments { return &Shipments{db: pool, pool: pool} }

func scanShipment(row pgx.Row) (*domain.Shipment, error) {
	var s domain.Shipment
	var state int32
	err := row.Scan(&s.Id, &s.OrderId, &state, &s.Carrier, &s.TrackingCode, &s.Recipient, &s.Email, &s.Address, &s.WeightGrams)
	if err != nil {
		return nil, mapErr(err)
	}
	s.State = domain.ShipmentState(state)
	return &s, nil
}

func (q *Shipments) GetShipment(ctx context.Context, id int64) (*domain.Shipment, error) {
	return scanShipment(q.db.QueryRow(ctx, getShipment, id))
}

func (q *Shipments) GetShipmentForUpdate(ctx context.Context, id int64) (*domain.Shipment, error) {
	return scanShipment(q.db.QueryRow(ctx, getShipmentForUpdate, id))
}

func (q *Shipments) UpdateShipment(ctx context.Context, s *domain.Shipment) error {
	_, err := q.db.Exec(ctx, updateShipment,
		s.GetId(), s.GetOrderId(), int32(s.GetState()), s.GetCarrier(), s.GetTrackingCode(),
		s.GetRecipient(), s.GetEmail(), s.GetAddress(), s.GetWeightGrams())
	return mapErr(err)
}

func (q *Shipments) InTx(ctx context.Context, fn func(store.ShipmentStore) error) error {
	tx, err := q.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx) //nolint:errcheck
	if err := fn(&Shipments{db: tx, pool: q.pool}); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
