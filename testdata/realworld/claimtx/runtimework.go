package claimtx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/idemvet/idemvet/runtime/claim"
)

// OrdersService hands its work to idemvet's own runtime.
type OrdersService struct {
	Pool   *pgxpool.Pool
	Claims *claim.Claimer
}

// PlaceOnPool writes through the pool inside the claim's work: the order
// commits on its own, and a retry after a later failure inserts it again.
func (s *OrdersService) PlaceOnPool(ctx context.Context, merchantID, key, orderID string) error {
	k := claim.Key{Scope: merchantID, Operation: "place-order", Key: key}
	_, err := s.Claims.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		_, err := s.Pool.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, orderID) // want:claimtx
		return claim.Outcome{Status: 201}, err
	})
	return err
}

// PlaceOnTx is the near miss: the write is on the handed-in transaction.
func (s *OrdersService) PlaceOnTx(ctx context.Context, merchantID, key, orderID string) error {
	k := claim.Key{Scope: merchantID, Operation: "place-order", Key: key}
	_, err := s.Claims.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		_, err := tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, orderID)
		return claim.Outcome{Status: 201}, err
	})
	return err
}

// PlaceAndReserve claims the order's key again inside its own work: the
// outer claim holds the key, so the inner claim is always in progress and
// the order never completes.
func (s *OrdersService) PlaceAndReserve(ctx context.Context, merchantID, key, orderID string) error {
	k := claim.Key{Scope: merchantID, Operation: "place-order", Key: key}
	_, err := s.Claims.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		if _, err := s.Claims.DoTx(ctx, tx, k, nil, s.reserve(orderID)); err != nil { // want:claimtx
			return claim.Outcome{}, err
		}
		return claim.Outcome{Status: 201}, nil
	})
	return err
}

// PlaceAndReserveOwnKey is the near miss: the reservation is claimed under
// a key of its own.
func (s *OrdersService) PlaceAndReserveOwnKey(ctx context.Context, merchantID, key, orderID string) error {
	k := claim.Key{Scope: merchantID, Operation: "place-order", Key: key}
	_, err := s.Claims.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		reserve := claim.Key{Scope: merchantID, Operation: "reserve-stock", Key: key}
		if _, err := s.Claims.DoTx(ctx, tx, reserve, nil, s.reserve(orderID)); err != nil {
			return claim.Outcome{}, err
		}
		return claim.Outcome{Status: 201}, nil
	})
	return err
}

func (s *OrdersService) reserve(orderID string) claim.Func {
	return func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		_, err := tx.Exec(ctx, `UPDATE stock SET reserved_for = $1 WHERE reserved_for IS NULL`, orderID)
		return claim.Outcome{Status: 200}, err
	}
}
