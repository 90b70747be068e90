package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"example.com/fleet6/internal/domain"
	"example.com/fleet6/internal/repo"
)

type Shipments struct{ Pool *pgxpool.Pool }

const shipmentCols = `id, merchant_id, coalesce(client_ref, ''), coalesce(driver_id, 0), status, price_cents, escrow_cents, distance_km, created_at`

func scanShipment(row pgx.Row) (domain.Shipment, error) {
	var sh domain.Shipment
	err := row.Scan(&sh.ID, &sh.MerchantID, &sh.ClientRef, &sh.DriverID, &sh.Status, &sh.PriceCents, &sh.EscrowCents, &sh.DistanceKm, &sh.CreatedAt)
	return sh, err
}

func insertShipment(ctx context.Context, q querier, sh *domain.Shipment) error {
	return q.QueryRow(ctx,
		`INSERT INTO shipments (merchant_id, client_ref, status, price_cents, escrow_cents)
		 VALUES ($1, nullif($2, ''), $3, $4, $5)
		 RETURNING id, created_at`,
		sh.MerchantID, sh.ClientRef, sh.Status, sh.PriceCents, sh.EscrowCents,
	).Scan(&sh.ID, &sh.CreatedAt)
}

// Create inserts a shipment. shipments_merchant_client_ref_key makes the
// merchant's client reference unique.
func (s Shipments) Create(ctx context.Context, sh *domain.Shipment) error {
	if err := insertShipment(ctx, s.Pool, sh); err != nil {
		if pgCode(err) == uniqueViolation {
			return domain.ErrAlreadyExists
		}
		return fmt.Errorf("insert shipment: %w", err)
	}
	return nil
}

func (s Shipments) Get(ctx context.Context, id int64) (domain.Shipment, error) {
	sh, err := scanShipment(s.Pool.QueryRow(ctx, `SELECT `+shipmentCols+` FROM shipments WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return domain.Shipment{}, domain.ErrNotFound
	}
	if err != nil {
		return domain.Shipment{}, fmt.Errorf("get shipment %d: %w", id, err)
	}
	return sh, nil
}

func (s Shipments) SetStatus(ctx context.Context, id int64, st domain.ShipmentStatus) error {
	if _, err := s.Pool.Exec(ctx, `UPDATE shipments SET status = $2, updated_at = now() WHERE id = $1`, id, st); err != nil {
		return fmt.Errorf("set shipment status: %w", err)
	}
	return nil
}

type shipmentTx struct{ tx pgx.Tx }

func (t shipmentTx) QueueEscrowRelease(ctx context.Context, shipmentID, driverID, amount int64) error {
	_, err := t.tx.Exec(ctx,
		`INSERT INTO escrow_releases (shipment_id, driver_id, amount_cents) VALUES ($1, $2, $3)
		 ON CONFLICT (shipment_id) DO NOTHING`,
		shipmentID, driverID, amount)
	return err
}

// UpdateLocked loads the shipment with SELECT ... FOR UPDATE, lets fn change
// it and queue follow-up work in the same transaction, and writes the status
// back before committing.
func (s Shipments) UpdateLocked(ctx context.Context, id int64, fn func(sh *domain.Shipment, tx repo.ShipmentTx) error) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		sh, err := scanShipment(tx.QueryRow(ctx, `SELECT `+shipmentCols+` FROM shipments WHERE id = $1 FOR UPDATE`, id))
		if errors.Is(err, pgx.ErrNoRows) {
			return domain.ErrNotFound
		}
		if err != nil {
			return fmt.Errorf("lock shipment %d: %w", id, err)
		}
		before := sh.Status
		if err := fn(&sh, shipmentTx{tx}); err != nil {
			return err
		}
		if sh.Status == before {
			return nil
		}
		_, err = tx.Exec(ctx, `UPDATE shipments SET status = $2, updated_at = now() WHERE id = $1`, id, sh.Status)
		return err
	})
}

// CreateOnce claims (merchant_id, key) in idempotency_keys, inserts the
// shipment and stores the response in the same transaction. When the key was
// already claimed it returns the stored record and created == false.
func (s Shipments) CreateOnce(ctx context.Context, merchantID int64, key string, sh *domain.Shipment) (bool, domain.IdempotencyRecord, error) {
	var rec domain.IdempotencyRecord
	created := false
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx,
			`INSERT INTO idempotency_keys (merchant_id, key, status) VALUES ($1, $2, 0)
			 ON CONFLICT (merchant_id, key) DO NOTHING`, merchantID, key)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			rec, err = lookupKey(ctx, tx, merchantID, key)
			return err
		}
		if err := insertShipment(ctx, tx, sh); err != nil {
			return err
		}
		created = true
		body, err := json.Marshal(sh)
		if err != nil {
			return err
		}
		rec = domain.IdempotencyRecord{MerchantID: merchantID, Key: key, Status: http.StatusCreated, Body: body}
		_, err = tx.Exec(ctx,
			`UPDATE idempotency_keys SET status = $3, body = $4, resource_id = $5 WHERE merchant_id = $1 AND key = $2`,
			merchantID, key, rec.Status, rec.Body, sh.ID)
		return err
	})
	if err != nil {
		return false, rec, fmt.Errorf("create shipment once: %w", err)
	}
	return created, rec, nil
}
