// Package bunclaim exercises claimtx on bun.
package bunclaim

import (
	"context"
	"database/sql"

	"github.com/uptrace/bun"
)

type DedupKey struct {
	Key string
}

type Shipment struct {
	ID      int64
	OrderID int64
}

// RunInTx's callback claims on the outer db.
func Ship(ctx context.Context, db *bun.DB, key string, s *Shipment) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := db.NewInsert().Model(&DedupKey{Key: key}).On("CONFLICT DO NOTHING").Exec(ctx) // want `idempotency claim inside the transaction callback runs on the outer handle db instead of tx, so it commits separately from the write at line 27`
		if err != nil || res == nil {
			return err
		}
		_, err = tx.NewInsert().Model(s).Exec(ctx)
		return err
	})
}

// Near miss: the callback claims on tx.
func ShipTx(ctx context.Context, db *bun.DB, key string, s *Shipment) error {
	return db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
		res, err := tx.NewInsert().Model(&DedupKey{Key: key}).On("CONFLICT DO NOTHING").Exec(ctx)
		if err != nil || res == nil {
			return err
		}
		_, err = tx.NewInsert().Model(s).Exec(ctx)
		return err
	})
}

// The claim's tx commits before the shipment's.
func ShipTwoTx(ctx context.Context, db *bun.DB, key string, s *Shipment) error {
	claimTx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if res, err := claimTx.NewInsert().Model(&DedupKey{Key: key}).Ignore().Exec(ctx); err != nil || none(res) { // want `idempotency claim's transaction commits at line 53, before the write at line 60`
		return err
	}
	if err := claimTx.Commit(); err != nil {
		return err
	}
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if _, err := tx.NewInsert().Model(s).Exec(ctx); err != nil {
		return err
	}
	return tx.Commit()
}

// none reports whether a conditional insert found its key taken.
func none(res sql.Result) bool {
	n, err := res.RowsAffected()
	return err == nil && n == 0
}
