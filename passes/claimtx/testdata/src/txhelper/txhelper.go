// Package txhelper exercises claimtx through a hand-written WithTx helper
// and a claim helper that commits its own transaction.
package txhelper

import (
	"context"
	"database/sql"
)

type Store struct {
	db *sql.DB
}

// withTx runs fn in a transaction and commits it.
func (s *Store) withTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	return tx.Commit()
}

// claimOwnTx commits the claim in a transaction of its own.
func (s *Store) claimOwnTx(ctx context.Context, key string) (bool, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	if err != nil || n == 0 {
		return false, err
	}
	return true, tx.Commit()
}

// The claim autocommits, the write runs in withTx's transaction.
func (s *Store) Ship(ctx context.Context, key string, orderID int64) error {
	res, err := s.db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key) // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 52 in a transaction`
	if n, _ := res.RowsAffected(); err != nil || n == 0 {
		return err
	}
	return s.withTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "UPDATE orders SET shipped = true WHERE id = $1", orderID)
		return err
	})
}

// Inside withTx's callback the claim uses the store's pool.
func (s *Store) ShipInside(ctx context.Context, key string, orderID int64) error {
	return s.withTx(ctx, func(tx *sql.Tx) error {
		res, err := s.db.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key) // want `idempotency claim inside the transaction callback runs on the outer handle s.db instead of tx, so it commits separately from the write at line 64`
		if n, _ := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		_, err = tx.ExecContext(ctx, "UPDATE orders SET shipped = true WHERE id = $1", orderID)
		return err
	})
}

// Near miss: claim and write in one withTx callback, both on tx.
func (s *Store) ShipTx(ctx context.Context, key string, orderID int64) error {
	return s.withTx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, "INSERT INTO idempotency_keys (key) VALUES ($1) ON CONFLICT DO NOTHING", key)
		if n, _ := res.RowsAffected(); err != nil || n == 0 {
			return err
		}
		_, err = tx.ExecContext(ctx, "UPDATE orders SET shipped = true WHERE id = $1", orderID)
		return err
	})
}

// The claim helper commits its own transaction before the write's.
func (s *Store) ShipAfterOwnTx(ctx context.Context, key string, orderID int64) error {
	ok, err := s.claimOwnTx(ctx, key) // want `idempotency claim commits on its own \(autocommit\), separately from the write at line 88 in a transaction`
	if err != nil || !ok {
		return err
	}
	return s.withTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "UPDATE orders SET shipped = true WHERE id = $1", orderID)
		return err
	})
}

// sweep deletes expired claims: it writes the claim table but claims
// nothing.
func (s *Store) sweep(ctx context.Context) (int64, error) {
	res, err := s.db.ExecContext(ctx, "DELETE FROM idempotency_keys WHERE expires_at < now()")
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Near miss: a sweep before a transactional write is no claim.
func (s *Store) SweepThenShip(ctx context.Context, orderID int64) error {
	if n, err := s.sweep(ctx); err != nil || n < 0 {
		return err
	}
	return s.withTx(ctx, func(tx *sql.Tx) error {
		_, err := tx.ExecContext(ctx, "UPDATE orders SET shipped = true WHERE id = $1", orderID)
		return err
	})
}
