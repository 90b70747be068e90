package runtimework

import (
	"context"

	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
)

// The work claims its own key again: the outer claim holds it.
func (s *Service) NestedSameKey(ctx context.Context, k claim.Key, id string) error {
	_, err := s.claims.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		_, err := s.claims.DoTx(ctx, tx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) { // want `a claim of the same key inside the work of its own claim`
			_, err := tx.Exec(ctx, `INSERT INTO orders (id) VALUES ($1)`, id)
			return claim.Outcome{Status: 201}, err
		})
		return claim.Outcome{Status: 201}, err
	})
	return err
}

// The key variable is reassigned, so the closure captures it by reference.
func (s *Service) NestedSameKeyByReference(ctx context.Context, k claim.Key, id string) error {
	if k.Scope == "" {
		k.Scope = "orders"
	}
	_, err := s.claims.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		_, err := s.claims.Do(ctx, k, nil, work) // want `a claim of the same key inside the work of its own claim`
		return claim.Outcome{Status: 200}, err
	})
	k.Operation = "done"
	return err
}

// Near miss: the nested claim is of a key of its own (a child operation).
func (s *Service) NestedOtherKey(ctx context.Context, k claim.Key, id string) error {
	_, err := s.claims.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
		child := claim.Key{Scope: k.Scope, Operation: "reserve", Key: id}
		_, err := s.claims.DoTx(ctx, tx, child, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
			_, err := tx.Exec(ctx, `INSERT INTO reservations (id) VALUES ($1)`, id)
			return claim.Outcome{Status: 201}, err
		})
		return claim.Outcome{Status: 201}, err
	})
	return err
}

// Near miss: the same key claimed twice one after the other, not nested:
// the second call replays the first's outcome.
func (s *Service) SequentialSameKey(ctx context.Context, k claim.Key) error {
	if _, err := s.claims.Do(ctx, k, nil, work); err != nil {
		return err
	}
	_, err := s.claims.Do(ctx, k, nil, work)
	return err
}
